/** Building blocks of index.html: escaping, number cells, tables. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Numbers in table cells to four significant decimals; other text as is (escaped). */
export function cell(text: string): string {
  const x = Number(text);
  if (text.trim() === '' || !Number.isFinite(x) || Number.isInteger(x)) return escapeHtml(text);
  return escapeHtml(String(Number(x.toPrecision(4))));
}

/** A table whose cells are already HTML. */
export function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  rowClass: (row: readonly string[]) => string = () => '',
): string {
  const head = header.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const body = rows
    .map((r) => `<tr${rowClass(r) ? ` class="${rowClass(r)}"` : ''}>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('\n');
  return `<div class="table"><table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>`;
}
