/**
 * `hexa library` as text: a database's cells, one replicate's skills (claim, birth, tests, refutations, the
 * confidence at each round's end, how each ended) and the library it ended with, and a question's answer.
 */
import type { Answer } from '../skillDb/questions.js';
import type { CellRecord, ReplicateView, SkillView } from '../skillDb/replicateView.js';
import { fmt, renderTable } from './table.js';

const cellName = (c: CellRecord): string => (c.label === null ? c.cell : `${c.cell} (${c.label})`);

export function renderCells(cells: readonly CellRecord[]): string {
  const rows = cells.map((c) => [c.cell, c.env, String(c.replicates), `${c.rounds} × ${c.tasks}`, c.label ?? '']);
  return renderTable(['cell', 'world', 'replicates', 'rounds × tasks', 'label'], rows, [1, 4]);
}

/** How a skill's life ended, in words. */
export function endOf(s: SkillView): string {
  if (s.status === 'active') return 'in the library';
  const last = s.rounds.find((r) => r.round === s.endedRound);
  const share = s.status === 'replaced' && last?.share != null ? ` (share ${fmt(last.share, 2)})` : '';
  return `${s.status} in round ${s.endedRound}${share}`;
}

export function renderReplicate(view: ReplicateView): string {
  const rounds = [...new Set(view.skills.flatMap((s) => s.rounds.map((r) => r.round)))].sort((a, b) => a - b);
  const header = ['skill', 'claim', 'born', 'tests', 'refuted', ...rounds.map((r) => `r${r}`), 'how it ended'];
  const rows = view.skills.map((s) => [
    String(s.skillId),
    s.claim,
    `${s.origin === 'loaded' ? 'loaded' : `r${s.bornRound}`} · ${s.bornTask}`,
    String(s.tests),
    String(s.refuted),
    ...rounds.map((round) => {
      const at = s.rounds.find((r) => r.round === round);
      return at === undefined || !at.inLibrary ? '·' : fmt(at.confidence, 2);
    }),
    endOf(s),
  ]);
  const which = view.median ? ' (the median replicate)' : '';
  const lines = [
    `${cellName(view.cell)} · ${view.cell.env} · replicate ${view.replicate} of ${view.cell.replicates}${which}`,
    `attempts per round: ${view.attempts.join(' ')}`,
    '',
    view.skills.length === 0 ? 'No skill entered the library.' : renderTable(header, rows, [1, 2, header.length - 1]),
    '',
    'Confidence at the end of each round while in the library (· : not in it); born: round · tasks played.',
  ];
  const kept = view.skills.filter((s) => s.status === 'active');
  lines.push(
    kept.length === 0
      ? 'The library at the end: empty.'
      : `The library at the end: ${kept
          .map((s) => `${s.claim} (confidence ${fmt(s.confidence, 2)}, evidence ${s.evidence})`)
          .join('; ')}.`,
  );
  return lines.join('\n');
}

const show = (value: unknown): string =>
  value === null || value === undefined ? '–' : typeof value === 'number' ? String(value) : String(value);

export function renderAnswer(answer: Answer): string {
  if (answer.rows.length === 0) return 'No rows.';
  const numeric = answer.columns.map((c) => answer.rows.every((r) => r[c] === null || typeof r[c] === 'number'));
  const left = answer.columns.flatMap((_, i) => (numeric[i] ? [] : [i]));
  return renderTable(
    answer.columns,
    answer.rows.map((r) => answer.columns.map((c) => show(r[c]))),
    left,
  );
}
