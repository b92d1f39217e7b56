/** Plain-text tables for the terminal: right-aligned numbers, a rule under the header. */

/** Columns after the first are right-aligned, except those in `left` (text, such as a claim). */
export function renderTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  left: readonly number[] = [],
): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (i === 0 || left.includes(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** `renderTable` without the columns named in `drop` (a short row is padded with empty cells). */
export function withoutColumns(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  drop: readonly string[],
): string {
  const keep = header.map((h, i) => (drop.includes(h) ? -1 : i)).filter((i) => i >= 0);
  return renderTable(
    keep.map((i) => header[i]!),
    rows.map((row) => keep.map((i) => row[i] ?? '')),
  );
}

/** Fixed decimals, with a dash for missing values. */
export function fmt(x: number | null | undefined, digits = 2): string {
  return x === null || x === undefined || Number.isNaN(x) ? '–' : x.toFixed(digits);
}

export function fmtInterval(ci: readonly [number, number] | null, digits = 2): string {
  return ci === null ? '–' : `[${fmt(ci[0], digits)}, ${fmt(ci[1], digits)}]`;
}

export function fmtPercent(x: number, digits = 2): string {
  return Number.isNaN(x) ? '–' : `${(x * 100).toFixed(digits)} %`;
}
