import type { ConceptId } from '../../src/domain/classifier/concepts';
import {
  KIND_IDS,
  KINDS,
  type Kind,
  type KindId,
} from '../../src/domain/classifier/knowledge-base/kinds';
import { kindsNamedBy } from '../../src/domain/classifier/line-kinds';
import { termsSaid } from '../../src/domain/classifier/ontology';

/** Every kind's terms checked against the line, kind by kind: what the index must agree with. */
function everyKindChecked(words: readonly string[]): ReadonlyMap<ConceptId, KindId> {
  const named = new Map<ConceptId, KindId>();
  for (const kind of KIND_IDS) {
    const { concept, terms, inLines = terms } = KINDS[kind] as Kind;
    if (!named.has(concept) && termsSaid(inLines, words)) named.set(concept, kind);
  }
  return named;
}

const lineTerms = KIND_IDS.flatMap((kind) => {
  const { terms, inLines = terms } = KINDS[kind] as Kind;
  return inLines.map((term) => term.split(' '));
});

describe('the kinds a line names', () => {
  it('finds the kind a known line names', () => {
    expect(kindsNamedBy(['petsmart', 'grooming'])).toEqual(
      everyKindChecked(['petsmart', 'grooming']),
    );
    expect([...kindsNamedBy(['movie', 'theater', '0042']).values()]).toContain('cinema');
  });

  it.each([
    ['each term as a line', (words: string[]) => words],
    [
      'each term in the plural',
      (words: string[]) => [...words.slice(0, -1), `${words[words.length - 1]}s`],
    ],
    ['each term as a compound', (words: string[]) => words.map((w) => `${w}kosten`)],
    [
      'each term after a store name and before a number',
      (words: string[]) => ['acme', ...words, '0042'],
    ],
    [
      'each term with its last letter cut off',
      (words: string[]) => words.map((w) => w.slice(0, -1)),
    ],
  ])('agrees with checking every kind: %s', (_, line) => {
    for (const words of lineTerms)
      expect(kindsNamedBy(line(words))).toEqual(everyKindChecked(line(words)));
  });

  it('agrees with checking every kind where a line names two kinds, of one concept or of two', () => {
    lineTerms.forEach((words, i) => {
      const both = [...words, ...lineTerms[(i * 7 + 3) % lineTerms.length]];
      expect(kindsNamedBy(both)).toEqual(everyKindChecked(both));
    });
  });

  it('names no kind on a line of none of their words', () => {
    expect(kindsNamedBy(['acme', 'pty', 'ltd', '0042']).size).toBe(0);
    expect(kindsNamedBy([]).size).toBe(0);
  });
});
