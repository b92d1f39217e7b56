/**
 * Fitting a chart to the width the page gives it. The page runs `fitToWidth` in the browser on a copy of
 * each spec before drawing it (its source is inlined into index.html), so the function must refer to
 * nothing outside itself. The files beside the page (.vl.json, .svg, .png) keep the fixed print layout.
 */

/**
 * A copy of `spec` laid out for `width` pixels:
 *  - a single plot (layered or not) takes the container's width (`width: "container"`);
 *  - a grid of panels (facet or concat with `columns`) keeps as many columns as fit, then narrows them;
 *  - views side by side (hconcat) are stacked (vconcat) when they do not fit next to each other;
 *  - on a narrow screen legends go under the chart in one column, long legend and axis labels are cut
 *    short, and narrowed panels get a header line per setting;
 *  - the chart's title and subtitle lines are broken between words to fit.
 * `slack` is the width kept free beside the panels for axes, legends and titles; the page calls again with
 * a larger slack when a drawn chart still overflows (its axes were wider than estimated). `measure` gives a
 * text's width in pixels in the font the browser really draws with (the page passes one that measures on a
 * canvas), so titles break where they would overflow whatever font stood in for DejaVu Sans; without it,
 * widths are estimated from DejaVu Sans's average glyph.
 */
export function fitToWidth(
  spec: Readonly<Record<string, unknown>>,
  width: number,
  slack = 0,
  measure?: (text: string, px: number, bold: boolean) => number,
): Record<string, unknown> {
  type View = Record<string, unknown>;
  /** What a panel needs beside its plot: its y axis with labels and title. */
  const PANEL_AXES = 70;
  /** Below this width legends keep to one column. */
  const narrow = width < 640;
  const copy = JSON.parse(JSON.stringify(spec)) as View;
  const isView = (x: unknown): x is View => typeof x === 'object' && x !== null && !Array.isArray(x);

  const limitLabels = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const x of node) limitLabels(x);
      return;
    }
    if (!isView(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'legend' && isView(value) && narrow) {
        if (typeof value.columns === 'number' && value.columns > 1) value.columns = 1;
        // A row of many entries wraps into as many columns as fit (from its longest entry, where the scale
        // lists them), so the legend stays inside the frame.
        else if (value.direction === 'horizontal' && value.columns === undefined) {
          const domain = isView(node.scale) && Array.isArray(node.scale.domain) ? node.scale.domain : [];
          const entry = 40 + Math.max(40, ...domain.map((d) => textWidth(String(d), 12, false)));
          value.columns = Math.max(1, Math.floor((width - 100) / entry));
        }
        if (typeof value.gradientLength === 'number')
          value.gradientLength = Math.min(value.gradientLength, width - 130);
        value.orient = 'bottom';
        // Under the plot, beside its symbol: what is left of the width after the y axis and the symbol.
        const limit = Math.min(typeof value.labelLimit === 'number' ? value.labelLimit : 520, width - 130);
        value.labelLimit = limit;
        // Entries too long for that break after their commas and before a parenthesis, onto lines of their own.
        const domain = isView(node.scale) && Array.isArray(node.scale.domain) ? node.scale.domain : [];
        if (value.labelExpr === undefined && domain.some((d) => textWidth(String(d), 12, false) > limit))
          value.labelExpr = "split(replace(replace(datum.label, regexp(', ', 'g'), ',|'), ' (', '|('), '|')";
      }
      if (key === 'axis' && isView(value) && typeof value.labelLimit === 'number')
        value.labelLimit = Math.min(value.labelLimit, Math.max(90, Math.round(width * 0.4)));
      // An x title is centred under the plot, which leaves the y axis its room.
      if (key === 'x' && isView(value) && typeof value.title === 'string' && narrow)
        value.title = wrap(value.title, 13, false, width - 24 - PANEL_AXES);
      limitLabels(value);
    }
  };
  // Lines broken between words to fit `room` pixels: measured when the page can measure, else from the
  // average glyph width of DejaVu Sans (0.66 of the size in bold, 0.58 otherwise).
  const textWidth = (text: string, px: number, bold: boolean): number =>
    measure === undefined ? text.length * px * (bold ? 0.66 : 0.58) : measure(text, px, bold);
  const wrap = (lines: unknown, px: number, bold: boolean, room = width - 24): unknown => {
    if (typeof lines !== 'string' && !Array.isArray(lines)) return lines;
    const out: string[] = [];
    for (const line of typeof lines === 'string' ? [lines] : (lines as unknown[]).map(String)) {
      let current = '';
      for (const word of line.split(' ')) {
        const longer = current === '' ? word : `${current} ${word}`;
        if (current !== '' && textWidth(longer, px, bold) > room) {
          out.push(current);
          current = word;
        } else current = longer;
      }
      out.push(current);
    }
    return out;
  };
  limitLabels(copy);
  // A subtitle's lines as printed are broken for the print width: a line that does not end a sentence or a
  // clause runs on into the next before the whole is broken again for this width.
  const paragraphs = (lines: unknown): unknown => {
    if (!Array.isArray(lines) || !narrow) return lines;
    const out: string[] = [];
    for (const line of lines.map(String)) {
      const last = out.at(-1);
      if (last !== undefined && !/[.;:!?]$/.test(last)) out[out.length - 1] = `${last} ${line}`;
      else out.push(line);
    }
    return out;
  };
  if (isView(copy.title)) {
    copy.title.text = wrap(copy.title.text, 16, true);
    if (copy.title.subtitle !== undefined) copy.title.subtitle = wrap(paragraphs(copy.title.subtitle), 12, false);
  }

  const widthOf = (view: View): number => {
    if (typeof view.width === 'number') return view.width;
    const parts = (view.hconcat ?? view.vconcat ?? view.concat) as View[] | undefined;
    if (Array.isArray(parts)) return Math.max(...parts.map(widthOf));
    return isView(view.spec) ? widthOf(view.spec) : 0;
  };
  const gapOf = (view: View): number => {
    const s = view.spacing;
    return typeof s === 'number' ? s : isView(s) && typeof s.column === 'number' ? s.column : 20;
  };
  const narrowTo = (view: View, room: number): void => {
    if (typeof view.width === 'number') view.width = Math.max(60, Math.min(view.width, room - PANEL_AXES));
    // Panel headers such as "bits 4, truth 1011, routing shared" get a line per setting.
    if (isView(view.facet)) {
      const header = isView(view.facet.header) ? view.facet.header : (view.facet.header = {});
      if (isView(header) && header.labelExpr === undefined) header.labelExpr = "split(datum.label, ', ')";
    }
    for (const key of ['hconcat', 'vconcat', 'concat'])
      if (Array.isArray(view[key])) for (const v of view[key] as View[]) narrowTo(v, room);
    if (isView(view.spec)) narrowTo(view.spec, room);
  };

  const layOut = (view: View, room: number, top: boolean): void => {
    if (Array.isArray(view.hconcat)) {
      const parts = view.hconcat as View[];
      const needed = parts.reduce((sum, v) => sum + widthOf(v) + PANEL_AXES, 0) + gapOf(view) * (parts.length - 1);
      if (needed <= room) return;
      view.vconcat = parts;
      delete view.hconcat;
    }
    if (Array.isArray(view.vconcat)) {
      for (const v of view.vconcat as View[]) layOut(v, room, false);
      return;
    }
    if (typeof view.columns === 'number' && (isView(view.spec) || Array.isArray(view.concat))) {
      const panel = widthOf(view) + PANEL_AXES;
      const gap = gapOf(view);
      const columns = Math.max(1, Math.min(view.columns, Math.floor((room + gap) / (panel + gap))));
      view.columns = columns;
      if (columns === 1 && panel > room) narrowTo(view, room);
      return;
    }
    if (top && typeof view.width === 'number') {
      view.width = 'container';
      view.autosize = { type: 'fit-x', contains: 'padding' };
      return;
    }
    if (typeof view.width === 'number' && view.width + PANEL_AXES > room) narrowTo(view, room);
  };
  layOut(copy, Math.max(120, width - slack), true);
  return copy;
}
