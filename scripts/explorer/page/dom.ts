/** Small DOM helpers of the page: making elements, and drawing a Vega-Lite spec fitted to its element. */
import { fitToWidth } from '../../../reports/render/fit.js';

type Attributes = Readonly<Record<string, string | boolean | undefined>>;

/** An element with attributes (false and undefined left out, true as an empty attribute) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string | null)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    e.setAttribute(name, value === true ? '' : value);
  }
  for (const c of children) if (c !== null) e.append(c);
  return e;
}

/** The element with this id; the page's own markup has it, so a missing one is a bug of the page. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (e === null) throw new Error(`the page has no #${id}`);
  return e as T;
}

/** vega-embed, inlined beside the page's script as a global. */
interface VegaEmbedResult {
  finalize(): void;
}
declare const vegaEmbed: (el: HTMLElement, spec: object, options: object) => Promise<VegaEmbedResult>;

/** A canvas to measure text with, made at first use (the same script runs in workers, which have no document). */
let ruler: CanvasRenderingContext2D | null | undefined;
/** Text widths in the font this browser draws with, so titles break before they would overflow. */
function measure(text: string, px: number, bold: boolean): number {
  ruler ??= document.createElement('canvas').getContext('2d');
  if (ruler === null) return text.length * px * 0.6;
  ruler.font = `${bold ? 'bold ' : ''}${px}px "DejaVu Sans", Verdana, Arial, sans-serif`;
  return ruler.measureText(text).width;
}

/**
 * vega's scripts come after the page's own in the file, so the workers start while they are parsed; a drawing
 * waits until they have run.
 */
const vegaReady = (): Promise<void> =>
  typeof vegaEmbed === 'function'
    ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));

/**
 * Drawings while results arrive: the first at once, the next no sooner than `ms` after the previous one (each
 * bootstraps and draws every chart), the last — when `urgent` says the results are complete — at once.
 */
export class Redraws {
  private timer = 0;
  private last = -Infinity;
  constructor(
    private readonly drawNow: () => Promise<void>,
    private readonly ms = 200,
  ) {}

  /** A new request: its first results draw at once. */
  reset(): void {
    window.clearTimeout(this.timer);
    this.timer = 0;
    this.last = -Infinity;
  }

  schedule(urgent: boolean): void {
    const wait = urgent ? 0 : Math.max(0, this.last + this.ms - performance.now());
    if (this.timer !== 0) {
      if (!urgent) return;
      window.clearTimeout(this.timer);
    }
    this.timer = window.setTimeout(async () => {
      this.timer = 0;
      const started = performance.now();
      await this.drawNow();
      // A drawing that took long (a large grid's bootstrap) keeps the page's thread free as long again after it.
      this.last = performance.now() + Math.max(0, performance.now() - started - this.ms);
    }, wait);
  }
}

const views = new WeakMap<HTMLElement, VegaEmbedResult>();
/** Draws already asked for an element: the latest spec wins, one draw at a time. */
const pending = new WeakMap<HTMLElement, object | null>();

/** Draw `spec` into `el` at its width (the report's fitting: wider axes get more room, up to five tries). */
export async function draw(el: HTMLElement, spec: Readonly<Record<string, unknown>>): Promise<void> {
  if (pending.has(el)) {
    pending.set(el, spec);
    return;
  }
  pending.set(el, null);
  await vegaReady();
  let next: Readonly<Record<string, unknown>> | null = spec;
  while (next !== null) {
    const current: Readonly<Record<string, unknown>> = next;
    const width = el.clientWidth;
    let slack = 0;
    for (let attempt = 0; attempt < 5; attempt++) {
      views.get(el)?.finalize();
      const result = await vegaEmbed(el, fitToWidth(current, width, slack, measure), {
        renderer: 'svg',
        actions: false,
        ast: true,
      });
      views.set(el, result);
      const drawn = el.querySelector('svg');
      const over = drawn === null ? 0 : Math.ceil(drawn.getBoundingClientRect().width - width);
      if (over <= 0) break;
      slack += over + 8;
    }
    next = (pending.get(el) as Readonly<Record<string, unknown>> | null | undefined) ?? null;
    pending.set(el, null);
  }
  pending.delete(el);
}

/** Offer `text` as a file download named `name` (no network: a Blob URL of this page). */
export function download(name: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Put `text` on the clipboard; where the page may not (file:// in some browsers), select it for Ctrl+C. */
export async function copy(text: string, fallback: HTMLInputElement | HTMLTextAreaElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    fallback.focus();
    fallback.select();
    return false;
  }
}
