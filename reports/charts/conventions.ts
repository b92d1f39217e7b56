/**
 * Conventions every chart follows (a new chart should use them, and test/reports/charts/conventions.test.ts
 * holds every chart of a report to them): a caption names a colour only through `colourName`, so the word
 * always matches what is drawn; ordered parameters get a sequential palette (light to dark in value order,
 * so the order reads without the legend); reference marks share one look that no data series uses; and
 * long titles are broken between words (`wrapWords`) rather than cut.
 */

/** The colours the charts draw with, by the words a caption may use for them. */
export const COLOUR_NAMES: Readonly<Record<string, string>> = {
  '#0072B2': 'blue',
  '#E69F00': 'orange',
  '#009E73': 'bluish green',
  '#CC79A7': 'reddish purple',
  '#D55E00': 'vermilion',
  '#56B4E9': 'sky blue',
  '#000000': 'black',
  '#999999': 'grey',
  '#882255': 'wine',
  '#555555': 'dark grey',
  '#6e6e6e': 'dark grey',
  '#c9c9c9': 'light grey',
};

/** Words for colours, for checking captions: any of these in a subtitle must name a colour the chart draws. */
export const COLOUR_WORDS = [
  'red',
  'green',
  'blue',
  'orange',
  'vermilion',
  'purple',
  'pink',
  'yellow',
  'grey',
  'gray',
  'black',
  'wine',
  'brown',
] as const;

export function colourName(hex: string): string {
  const name = COLOUR_NAMES[hex];
  if (name === undefined) throw new Error(`colours: ${hex} has no name; add it to COLOUR_NAMES`);
  return name;
}

/** Capitalised, for the start of a caption. */
export function ColourName(hex: string): string {
  const name = colourName(hex);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Reference values (exact expectations, decision lines) are dark grey and dashed; no data series uses
 * that colour or that dash, so a reference is never mistaken for a result.
 */
export const REFERENCE_STROKE = { color: '#555555', strokeDash: [6, 4], strokeWidth: 1.5 } as const;

/**
 * The sequential palette for `n` values of an ordered parameter (exploration rate, threshold, top-k …):
 * viridis from light (lowest value) to dark (highest), without its palest yellow, which is faint on white.
 */
export function sequentialScale(n: number): { scheme: { name: string; extent: [number, number]; count: number } } {
  return { scheme: { name: 'viridis', extent: [0.85, 0.05], count: Math.max(n, 2) } };
}

/** Words broken into lines of at most `width` characters (a longer word gets a line of its own). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * A name broken into lines of about `width` characters, preferably after its commas ("20 % exploration," /
 * "separated samples"), else between words; the lines rejoined with spaces give the name back.
 */
export function wrapName(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const part of text.split(/(?<=,) /)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + part.length <= width) lines[lines.length - 1] = `${last} ${part}`;
    else lines.push(...wrapWords(part, width));
  }
  return lines;
}
