import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  GLOSSARY,
  glossaryFor,
  glossaryLink,
  glossaryMarkdown,
  glossarySection,
} from '../../../reports/render/glossary.js';
import { countNote } from '../../../reports/render/reproduceSections.js';
import { FIGURES } from '../../../sim/reproduction/figures.js';

const ROOT = new URL('../../..', import.meta.url).pathname;

describe('the glossary', () => {
  it('defines the words the first screens and the table use', () => {
    const terms = GLOSSARY.flatMap((e) => [e.term, e.also ?? '']);
    for (const word of ['reading', 'pctile', 'percentile', 'simulated publication', "the article's whole story"])
      expect(terms).toContain(word);
    for (const kind of ['reproduce', 'run', 'sweep'] as const) {
      expect(glossaryFor(kind).length).toBeGreaterThan(3);
      expect(glossarySection(kind)).toMatch(/^<section id="glossary">/);
      expect(glossaryLink(kind)).toContain('href="#glossary"');
    }
    // A run's page does not explain a reproduction's words.
    expect(glossaryFor('run').map((e) => e.term)).not.toContain('reading');
  });

  it('is in docs/reproduction.md word for word, linked from its opening', () => {
    const page = readFileSync(`${ROOT}docs/reproduction.md`, 'utf8');
    expect(page).toContain(`## Glossary\n`);
    expect(page).toContain(glossaryMarkdown());
    expect(page.indexOf('[Glossary](#glossary)')).toBeLessThan(page.indexOf('## A first run'));
  });
});

describe("the published table's count", () => {
  it("says which of its rows the verdict's count of figures leaves out, and why", () => {
    const note = countNote(FIGURES.map((f) => f.id));
    expect(note).toContain(`the 17 of these ${FIGURES.length} that are published values`);
    expect(note).toContain('exploit.refutationRate (it follows from exploit.tests and exploit.refutations)');
    expect(note).toContain('threshold75.skills (the article gives only a lower bound)');
  });
});
