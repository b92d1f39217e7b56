/**
 * Headless chart rendering: Vega-Lite → Vega → SVG (vega's own SVG renderer), then SVG → PNG with resvg at
 * a chosen number of PNG pixels per SVG pixel, drawing text with DejaVu Sans loaded from its font files (so
 * no label is ever dropped for want of a system font). vega, vega-lite and resvg load on first use.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { ChartSpec } from '../charts/theme.js';
import { findDejaVu, FontMetrics, type FontFiles } from './fontMetrics.js';

/**
 * PNG pixels per SVG pixel: 2 keeps lines and text sharp on high-density screens and in print at a
 * column's width, whatever the chart's size (`--png-scale` sets another).
 */
export const DEFAULT_PNG_SCALE = 2;
/** The scales `--png-scale` accepts: below ¼ text is unreadable, above 8 a chart's PNG runs to tens of megapixels. */
export const PNG_SCALE_RANGE = [0.25, 8] as const;

export interface RenderedChart {
  readonly svg: string;
  readonly png: Buffer;
  /** PNG size in pixels. */
  readonly width: number;
  readonly height: number;
}

interface TextItem {
  readonly fontSize?: number;
  readonly fontWeight?: string | number;
  readonly text?: unknown;
}

interface Engines {
  readonly compile: typeof import('vega-lite').compile;
  readonly vega: typeof import('vega');
  readonly Resvg: typeof import('@resvg/resvg-js').Resvg;
  readonly fonts: FontFiles | null;
}

let engines: Promise<Engines> | undefined;

function loadEngines(): Promise<Engines> {
  engines ??= (async () => {
    const [vl, vega, resvg] = await Promise.all([import('vega-lite'), import('vega'), import('@resvg/resvg-js')]);
    const fonts = findDejaVu();
    if (fonts) {
      const regular = FontMetrics.load(fonts.regular);
      const bold = FontMetrics.load(fonts.bold);
      // vega looks text widths up through this hook (not in its typings); measure with the real font.
      const metrics = (vega as unknown as { textMetrics: { width: (item: TextItem, text?: unknown) => number } })
        .textMetrics;
      metrics.width = (item, text) => {
        const size = item.fontSize ?? 11;
        const s = String(text ?? item.text ?? '').trim();
        const weight = item.fontWeight;
        const isBold = weight === 'bold' || weight === 'bolder' || (typeof weight === 'number' && weight >= 600);
        return (isBold ? bold : regular).width(s, size);
      };
    }
    return { compile: vl.compile, vega, Resvg: resvg.Resvg, fonts };
  })();
  return engines;
}

/** Whether PNG text is drawn with DejaVu Sans (false: system fonts, whatever they are). */
export async function hasReportFont(): Promise<boolean> {
  return (await loadEngines()).fonts !== null;
}

export async function renderSvg(spec: ChartSpec): Promise<string> {
  const { compile, vega } = await loadEngines();
  const view = new vega.View(vega.parse(compile(spec as unknown as TopLevelSpec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** An SVG rasterised at `scale` PNG pixels per SVG pixel, with the report font. */
export async function svgToPng(
  svg: string,
  scale = DEFAULT_PNG_SCALE,
): Promise<{ png: Buffer; width: number; height: number }> {
  const { Resvg, fonts } = await loadEngines();
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background: 'white',
    font: fonts
      ? {
          fontFiles: [fonts.regular, fonts.bold],
          loadSystemFonts: false,
          defaultFontFamily: 'DejaVu Sans',
          sansSerifFamily: 'DejaVu Sans',
        }
      : { loadSystemFonts: true },
  });
  const image = resvg.render();
  return { png: image.asPng(), width: image.width, height: image.height };
}

export async function renderChart(spec: ChartSpec, scale = DEFAULT_PNG_SCALE): Promise<RenderedChart> {
  const svg = await renderSvg(spec);
  return { svg, ...(await svgToPng(svg, scale)) };
}
