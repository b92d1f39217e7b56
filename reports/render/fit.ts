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
 * a larger slack when a drawn chart still overflows (its axes were wider than estimated).
 */
export function fitToWidth(spec: Readonly<Record<string, unknown>>, width: number, slack = 0): Record<string, unknown> {
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
        value.orient = 'bottom';
        value.labelLimit = Math.min(typeof value.labelLimit === 'number' ? value.labelLimit : 520, width - 60);
      }
      if (key === 'axis' && isView(value) && typeof value.labelLimit === 'number')
        value.labelLimit = Math.min(value.labelLimit, Math.max(90, Math.round(width * 0.4)));
      // An x title is centred under the plot, which leaves the y axis its room.
      if (key === 'x' && isView(value) && typeof value.title === 'string' && narrow)
        value.title = wrap(value.title, 7.5, width - 24 - PANEL_AXES);
      limitLabels(value);
    }
  };
  // Lines broken between words to fit `room` pixels, from the average glyph width of DejaVu Sans at the
  // text's size: 10.5 px for the title (16 px bold), 7 for the subtitle (12 px), 7.5 for axis titles (13 px).
  const wrap = (lines: unknown, charWidth: number, room = width - 24): unknown => {
    if (typeof lines !== 'string' && !Array.isArray(lines)) return lines;
    const chars = Math.max(12, Math.floor(room / charWidth));
    const out: string[] = [];
    for (const line of typeof lines === 'string' ? [lines] : (lines as unknown[]).map(String)) {
      let current = '';
      for (const word of line.split(' ')) {
        if (current !== '' && current.length + 1 + word.length > chars) {
          out.push(current);
          current = word;
        } else current = current === '' ? word : `${current} ${word}`;
      }
      out.push(current);
    }
    return out;
  };
  limitLabels(copy);
  if (isView(copy.title)) {
    copy.title.text = wrap(copy.title.text, 10.5);
    if (copy.title.subtitle !== undefined) copy.title.subtitle = wrap(copy.title.subtitle, 7);
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
