/**
 * The explorer's one HTML file: the report's style sheet and its own, the markup the script fills, the page's
 * script (engine included) inlined once — the page runs it, and its workers start from the same text, while the
 * browser goes on to parse vega, vega-lite and vega-embed, inlined after it from the installed packages. The
 * Content-Security-Policy allows no network request at all (connect-src none), only inline scripts and workers
 * from blob: URLs.
 */
import { inlineScripts } from '../render/embed.js';
import { STYLE } from '../render/html.js';
import { escapeHtml } from '../render/htmlParts.js';

// A backslash ending a line inside a template continues the line: the text is unchanged, the source stays narrow.
/** What the explorer adds to the report's style: two columns on a wide screen, one on a phone. */
export const EXPLORER_STYLE = `
body { max-width: 1400px; }
header.top { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 18px; border-bottom: 1px solid #ddd; }
header.top h1 { margin: 0.2em 0; font-size: 1.4em; } header.top .version { color: #555; font-size: 0.9em; }
[role=tablist] { display: flex; gap: 4px; margin: 10px 0; }
[role=tab] { font: inherit; padding: 6px 16px; border: 1px solid #bbb; border-radius: 4px 4px 0 0; \
background: #f4f4f4; cursor: pointer; }
[role=tab][aria-selected=true] { background: #0072B2; color: white; border-color: #0072B2; }
.what { max-width: 70em; font-size: 0.95em; background: #f3f8fc; border-left: 5px solid #0072B2; padding: 8px 14px; }
.layout { display: grid; grid-template-columns: minmax(280px, 360px) minmax(0, 1fr); gap: 24px; align-items: start; \
grid-template-areas: 'side results'; } .layout > .side { grid-area: side; } .layout > .results { grid-area: results; }
.layout > * { min-width: 0; } .table { overflow-x: auto; max-width: 100%; }
table.anchors td { white-space: normal; } table.anchors .fraction { display: block; word-break: break-all; \
font-size: 0.8em; color: #555; }
.side { max-height: calc(100vh - 40px); overflow-y: auto; position: sticky; top: 10px; padding-right: 6px; }
details.group { border: 1px solid #ddd; border-radius: 4px; margin: 0 0 10px; padding: 4px 10px 8px; }
details.group > summary { font-weight: bold; cursor: pointer; padding: 4px 0; }
details.group.hidden { border-color: #E69F00; background: #fffaf0; }
.intro { font-size: 0.85em; color: #444; margin: 4px 0 8px; }
.field { margin: 8px 0 10px; } .field label { display: block; font-weight: bold; font-size: 0.92em; }
.field.boolean { display: grid; grid-template-columns: auto 1fr; column-gap: 8px; align-items: center; }
.field.boolean label { grid-column: 2; grid-row: 1; } .field.boolean input { grid-column: 1; grid-row: 1; }
.field.boolean .help { grid-column: 1 / 3; }
.field input[type=text], .field select, .actions input, .actions textarea, .side input[type=text] { font: inherit; \
width: 100%; padding: 4px 6px; border: 1px solid #999; border-radius: 3px; }
.pair { display: grid; grid-template-columns: 1fr 5.5em; gap: 8px; align-items: center; }
.pair input[type=range] { width: 100%; }
.help { display: block; color: #555; font-size: 0.8em; line-height: 1.3; margin-top: 2px; }
ul.meanings { margin: 4px 0 0; padding-left: 1.2em; font-size: 0.8em; color: #333; }
.error { color: #a40000; font-weight: bold; font-family: "DejaVu Sans Mono", monospace; font-size: 0.9em; \
white-space: pre-wrap; } .error:empty { display: none; }
.status { color: #333; font-size: 0.9em; min-height: 1.4em; }
.buttons { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; align-items: center; }
button { font: inherit; font-size: 0.9em; padding: 5px 12px; border: 1px solid #0072B2; border-radius: 3px; \
background: white; color: #00508a; cursor: pointer; }
button:disabled { color: #999; border-color: #ccc; cursor: default; }
button.preset { font-size: 0.8em; padding: 3px 8px; }
.actions { border-top: 1px solid #ddd; margin-top: 16px; padding-top: 8px; } .actions label { font-size: 0.9em; \
font-weight: bold; display: block; margin-top: 8px; }
.actions textarea { font-family: "DejaVu Sans Mono", monospace; font-size: 0.85em; resize: vertical; }
table.anchors caption { text-align: left; font-size: 0.9em; color: #444; padding: 4px 0; }
table.figures td { white-space: normal; } table.figures caption { text-align: left; }
.world-params .note { color: #444; font-size: 0.85em; }
:focus-visible { outline: 3px solid #E69F00; outline-offset: 1px; }
@media (max-width: 800px) { .layout { grid-template-columns: 1fr; grid-template-areas: 'results' 'side'; } \
.side { position: static; max-height: none; overflow: visible; } }`;

/** The whole page: `app` is the bundled script (it must not contain "</script"; the build checks). */
export function explorerHtml(version: string, app: string): string {
  if (/<\/script/i.test(app)) throw new Error('the explorer script contains "</script"');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline' blob:; \
worker-src blob:; connect-src 'none'; style-src 'unsafe-inline'; img-src data: blob:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="hexa-sim-version" content="${escapeHtml(version)}">
<title>hexa-sim explorer ${escapeHtml(version)}</title>
<style>${STYLE}${EXPLORER_STYLE}</style>
</head>
<body>
<header class="top"><h1>hexa-sim explorer</h1><span class="version">version ${escapeHtml(version)} · \
a seeded simulator of experience-library agents, running in this page</span></header>
<p id="version-note" class="note" role="status"></p>
<nav id="tabs" role="tablist" aria-label="Views"></nav>
<main id="views"></main>
<noscript><p>The explorer runs the simulator in this page: it needs JavaScript.</p></noscript>
<script id="hexa-app">${app}</script>
${inlineScripts()}
</body>
</html>
`;
}
