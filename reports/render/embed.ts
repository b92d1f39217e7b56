/**
 * The charts of index.html: each drawn by vega-embed from its inlined spec, fitted to the width the page
 * gives it (fit.ts, redrawn when the window's width changes), and, for a browser without JavaScript, its
 * SVG inlined in a <noscript> beside it. vega, vega-lite and vega-embed are inlined from the installed
 * packages (no CDN); vega-embed runs expressions through its interpreter (`ast: true`), so no `eval`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Chart } from '../charts/theme.js';
import { fitToWidth } from './fit.js';
import { escapeHtml } from './htmlParts.js';

/** The browser builds, found next to each package's entry point. */
export const BUNDLES = [
  { pkg: 'vega', file: 'vega.min.js' },
  { pkg: 'vega-lite', file: 'vega-lite.min.js' },
  { pkg: 'vega-embed', file: 'vega-embed.min.js' },
] as const;

let scripts: string | undefined;

export function inlineScripts(): string {
  if (scripts === undefined) {
    const require = createRequire(import.meta.url);
    scripts = BUNDLES.map(({ pkg, file }) => {
      const code = readFileSync(join(dirname(require.resolve(pkg)), file), 'utf8');
      // "</script" inside the code would end the element early; "<\/" means the same in JavaScript.
      return `<script>/* ${pkg} */\n${code.replace(/<\/script/gi, '<\\/script')}\n</script>`;
    }).join('\n');
  }
  return scripts;
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * An SVG made safe to inline beside others: its ids (gradients, clip paths) prefixed, so two charts'
 * `gradient_0` cannot pick up each other's definitions.
 */
export function scopedSvg(svg: string, prefix: string): string {
  return svg
    .replace(/\bid="([^"]+)"/g, `id="${prefix}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}-$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}-$1"`);
}

export function chartId(index: number): string {
  return `chart-${index + 1}`;
}

/** A chart's section: heading, the element the chart is drawn into, its static SVG, links to its files. */
export function chartSection(chart: Chart, index: number, svg: string | undefined): string {
  const id = chartId(index);
  const fallback = svg === undefined ? '' : `\n<noscript><div class="static">${scopedSvg(svg, id)}</div></noscript>`;
  const n = chart.name;
  // A single plot takes its column's width (fit.ts), up to about its print width: wider, it only stretches.
  const single = typeof chart.spec.width === 'number' ? ' single' : '';
  return `<section><h2>${escapeHtml(chart.heading)}</h2><div class="chart${single}" id="${id}"></div>${fallback}
<p class="files">Files: <a href="${n}.png">${n}.png</a> · <a href="${n}.svg">${n}.svg</a> · <a \
href="${n}.vl.json">${n}.vl.json</a> (editable Vega-Lite)</p></section>`;
}

/**
 * The page's script: draw every chart at its element's width; if the drawing is still wider (axes wider
 * than fit.ts estimated), draw it again with that much more room kept free; redraw when the width changes.
 */
export function embedScript(charts: readonly Chart[]): string {
  const specs = Object.fromEntries(charts.map((c, i) => [chartId(i), c.spec]));
  return `<script>
const specs = ${scriptJson(specs)};
// fit.ts's function, as compiled; a compiler that keeps function names (tsx's) calls this helper inside it.
const __name = (target) => target;
const fitToWidth = ${fitToWidth.toString()};
// Text widths in the font this browser really draws with, so titles break before they would overflow.
const ruler = document.createElement('canvas').getContext('2d');
const measure = (text, px, bold) => {
  ruler.font = (bold ? 'bold ' : '') + px + 'px "DejaVu Sans", Verdana, Arial, sans-serif';
  return ruler.measureText(text).width;
};
const views = new Map();
async function draw(id) {
  const el = document.getElementById(id);
  const width = el.clientWidth;
  let slack = 0;
  for (let attempt = 0; attempt < 5; attempt++) {
    views.get(id)?.finalize();
    const result = await vegaEmbed(el, fitToWidth(specs[id], width, slack, measure), \
{ renderer: 'svg', actions: false, ast: true });
    views.set(id, result);
    const drawn = el.querySelector('svg');
    const over = drawn === null ? 0 : Math.ceil(drawn.getBoundingClientRect().width - width);
    if (over <= 0) break;
    slack += over + 8;
  }
  el.dataset.width = String(width);
}
async function drawAll() {
  for (const id of Object.keys(specs)) {
    const el = document.getElementById(id);
    if (el.dataset.width === String(el.clientWidth)) continue;
    try {
      await draw(id);
      el.dataset.rendered = 'true';
    } catch (error) {
      el.dataset.rendered = 'error';
      console.error(error);
    }
  }
}
// One pass at a time: a resize during a pass queues another after it.
let passes = drawAll();
let resizing;
window.addEventListener('resize', () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => (passes = passes.then(drawAll)), 150);
});
</script>`;
}
