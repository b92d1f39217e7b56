/** Building blocks of index.html: escaping and tables. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
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
