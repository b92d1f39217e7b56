/**
 * Text widths from the font the PNGs are drawn with. Headless vega has no canvas to measure text and
 * guesses 0.8 em per character, which leaves gaps and misplaces labels; reading the advance widths from
 * DejaVu Sans itself (TrueType `cmap` format 4 and `hmtx`) makes the SVG layout match the rendered text.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const FONT_DIRS = [
  '/usr/share/fonts/truetype/dejavu',
  '/usr/share/fonts/dejavu',
  '/usr/share/fonts/TTF',
  '/usr/local/share/fonts',
];

export interface FontFiles {
  readonly regular: string;
  readonly bold: string;
}

/** DejaVu Sans regular and bold (Debian: fonts-dejavu-core), or null when not installed. */
export function findDejaVu(): FontFiles | null {
  const dirs = process.env.HEXA_FONT_DIR ? [process.env.HEXA_FONT_DIR, ...FONT_DIRS] : FONT_DIRS;
  for (const dir of dirs) {
    const regular = join(dir, 'DejaVuSans.ttf');
    const bold = join(dir, 'DejaVuSans-Bold.ttf');
    if (existsSync(regular) && existsSync(bold)) return { regular, bold };
  }
  return null;
}

/** Advance widths of one TrueType font. */
export class FontMetrics {
  private readonly data: DataView;
  private readonly unitsPerEm: number;
  private readonly hMetrics: number;
  private readonly hmtx: number;
  private readonly cmap: number;
  private readonly cache = new Map<number, number>();

  constructor(bytes: Uint8Array) {
    this.data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const tables = new Map<string, number>();
    const count = this.u16(4);
    for (let i = 0; i < count; i++) {
      const at = 12 + 16 * i;
      const tag = String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
      tables.set(tag, this.data.getUint32(at + 8));
    }
    const need = (tag: string): number => {
      const at = tables.get(tag);
      if (at === undefined) throw new Error(`font: no ${tag} table`);
      return at;
    };
    this.unitsPerEm = this.u16(need('head') + 18);
    this.hMetrics = this.u16(need('hhea') + 34);
    this.hmtx = need('hmtx');
    this.cmap = this.unicodeSubtable(need('cmap'));
  }

  static load(path: string): FontMetrics {
    return new FontMetrics(readFileSync(path));
  }

  /** Width of `text` at `fontSize` pixels (no kerning). */
  width(text: string, fontSize: number): number {
    let units = 0;
    for (const ch of text) units += this.advance(ch.codePointAt(0)!);
    return (units / this.unitsPerEm) * fontSize;
  }

  private u16(at: number): number {
    return this.data.getUint16(at);
  }

  /** The (Windows, Unicode BMP) format-4 subtable. */
  private unicodeSubtable(cmap: number): number {
    const count = this.u16(cmap + 2);
    for (let i = 0; i < count; i++) {
      const rec = cmap + 4 + 8 * i;
      const platform = this.u16(rec);
      const encoding = this.u16(rec + 2);
      const at = cmap + this.data.getUint32(rec + 4);
      if (((platform === 3 && encoding === 1) || (platform === 0 && encoding <= 3)) && this.u16(at) === 4) return at;
    }
    throw new Error('font: no Unicode format-4 cmap');
  }

  private glyph(code: number): number {
    if (code > 0xffff) return 0;
    const t = this.cmap;
    const segments = this.u16(t + 6) / 2;
    const ends = t + 14;
    const starts = ends + 2 * segments + 2;
    const deltas = starts + 2 * segments;
    const offsets = deltas + 2 * segments;
    for (let i = 0; i < segments; i++) {
      if (this.u16(ends + 2 * i) < code) continue;
      const start = this.u16(starts + 2 * i);
      if (start > code) return 0;
      const delta = this.data.getInt16(deltas + 2 * i);
      const offset = this.u16(offsets + 2 * i);
      if (offset === 0) return (code + delta) & 0xffff;
      const g = this.u16(offsets + 2 * i + offset + 2 * (code - start));
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  }

  private advance(code: number): number {
    let w = this.cache.get(code);
    if (w === undefined) {
      const g = Math.min(this.glyph(code), this.hMetrics - 1);
      w = this.u16(this.hmtx + 4 * g);
      this.cache.set(code, w);
    }
    return w;
  }
}
