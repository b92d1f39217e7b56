/**
 * How rare the article's story is, beside how rare any publication's own story is. A publication's story is
 * the pattern the article tells, read off its own figures: the first round its exploitation library serves
 * a task, the skills it ends with, whether it ends at ≤ 5 attempts, and the order of the three final
 * attempts (exploitation, separated and shared exploration). The article's story is one of them
 * (round 3, 2 skills, ≤ 5, exploitation < separated < shared: `showsPattern`). Every story is rare when
 * there are many to tell, so the article's share only means something beside the others': the median
 * share of a simulated publication's own story, and the share of publications whose story is as rare.
 */
import type { FigureValues } from '../pattern.js';

export interface StoryShares {
  /** Share of simulated publications telling the article's story. */
  readonly article: number;
  /** Median over simulated publications of the share telling their own story. */
  readonly medianOwn: number;
  /** Share of simulated publications whose own story is at most as common as the article's. */
  readonly asRare: number;
  readonly publications: number;
}

// Ties broken by the names' code units, not localeCompare: the key is the same in every host and locale.
const order = (exploit: number, separate: number, explore: number): string =>
  (
    [
      ['exploit', exploit],
      ['separate', separate],
      ['explore', explore],
    ] as const
  )
    .map(([name, x]) => ({ name, x }))
    .sort((a, b) => a.x - b.x || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .reduce((s, e, i, all) => (i === 0 ? e.name : `${s}${e.x === all[i - 1]!.x ? '=' : '<'}${e.name}`), '');

/** Publication i's story, as a key. */
export function storyOf(values: FigureValues, i: number): string {
  const v = (id: Parameters<FigureValues['get']>[0]): number => values.get(id)![i]!;
  const exploit = v('exploit.final');
  return [
    v('exploit.firstSkillRound'),
    v('exploit.skills'),
    exploit <= 5 ? 'at most 5' : 'above 5',
    order(exploit, v('separate.final'), v('explore.final')),
  ].join(' / ');
}

/** The article's story. */
export const ARTICLE_STORY = ['3', '2', 'at most 5', 'exploit<separate<explore'].join(' / ');

export function storyShares(values: FigureValues): StoryShares {
  const n = values.get('exploit.final')?.length ?? 0;
  const stories = Array.from({ length: n }, (_, i) => storyOf(values, i));
  const counts = new Map<string, number>();
  for (const s of stories) counts.set(s, (counts.get(s) ?? 0) + 1);
  const article = (counts.get(ARTICLE_STORY) ?? 0) / n;
  const own = Float64Array.from(stories, (s) => counts.get(s)! / n).sort();
  const median = n === 0 ? NaN : (own[Math.floor((n - 1) / 2)]! + own[Math.ceil((n - 1) / 2)]!) / 2;
  let asRare = 0;
  for (const x of own) if (x <= article) asRare++;
  return { article, medianOwn: median, asRare: n === 0 ? NaN : asRare / n, publications: n };
}
