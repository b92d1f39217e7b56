/**
 * Exact reference values drawn the same way in every chart: a dark-grey dashed rule labelled in words with
 * its value ("two bits known: 3.987"), never a bare number, and a tooltip with the irreducible fraction.
 */
import type { ReferenceLine } from '../references.js';
import { ColourName, REFERENCE_STROKE } from './conventions.js';

const LABEL = { fontSize: 11, color: REFERENCE_STROKE.color } as const;

/** A label drawn twice, over a white outline of itself, so it stays legible where a curve crosses it. */
function haloed(mark: object, encoding: object): object[] {
  return [
    { mark: { ...mark, stroke: 'white', strokeWidth: 3, strokeOpacity: 0.9 }, encoding },
    { mark, encoding },
  ];
}

/** The caption sentence for reference lines. */
export function referenceCaption(what: string): string {
  return `${ColourName(REFERENCE_STROKE.color)} dashed lines: ${what}.`;
}

const tooltip = [
  { field: 'label', title: 'Exact' },
  { field: 'exact', title: 'Fraction' },
];

/**
 * Horizontal rules across a chart whose x runs to `lastX`, labelled in the right margin, clear of the
 * curves that converge onto the lines: the words on one line, the value under them, so the margin stays
 * narrow enough for a phone.
 */
export function horizontalReferences(references: readonly ReferenceLine[], lastX: number, xField: string): object {
  return {
    data: { values: references.map((r) => ({ ...r, [xField]: lastX, lines: r.label.split(': ') })) },
    layer: [
      {
        mark: { type: 'rule', ...REFERENCE_STROKE },
        encoding: { y: { field: 'value', type: 'quantitative' }, tooltip },
      },
      ...haloed(
        { type: 'text', align: 'left', baseline: 'middle', dx: 8, ...LABEL },
        {
          x: { field: xField, type: 'quantitative' },
          y: { field: 'value', type: 'quantitative' },
          text: { field: 'lines' },
        },
      ),
    ],
  };
}

/** Vertical rules at the references' values (their labels are drawn apart, over the data: verticalReferenceLabels). */
export function verticalReferenceRules(references: readonly ReferenceLine[]): object {
  return {
    data: { values: references.map((r) => ({ ...r })) },
    mark: { type: 'rule', ...REFERENCE_STROKE },
    encoding: { x: { field: 'value', type: 'quantitative' }, tooltip },
  };
}

/**
 * Each vertical rule's label along its own line from the top, so neighbouring labels never collide; drawn
 * after the data, on a white outline, so a curve crossing the rule passes behind the words.
 */
export function verticalReferenceLabels(references: readonly ReferenceLine[]): object {
  return {
    data: { values: references.map((r) => ({ ...r })) },
    layer: haloed(
      { type: 'text', angle: 270, align: 'right', baseline: 'bottom', dx: -4, dy: -3, ...LABEL },
      { x: { field: 'value', type: 'quantitative' }, y: { value: 0 }, text: { field: 'label' } },
    ),
  };
}
