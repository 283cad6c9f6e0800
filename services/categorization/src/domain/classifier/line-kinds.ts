import type { ConceptId } from './concepts';
import { KIND_IDS, KINDS, type Kind, type KindId } from './knowledge-base/kinds';
import { SHORTEST_STEM, termsSaid } from './ontology';

/**
 * Each kind's line terms by their first word, the kinds in KIND_IDS order: a line says a term
 * only if one of its words is the term's first word or starts with it, so a line is checked
 * against the few kinds its words could say, not against every kind's terms (the check ran for
 * every kind on every classification).
 */
const KINDS_BY_FIRST_WORD: ReadonlyMap<string, readonly number[]> = (() => {
  const index = new Map<string, number[]>();
  KIND_IDS.forEach((kind, k) => {
    const { terms, inLines = terms } = KINDS[kind] as Kind;
    for (const term of inLines) {
      const first = term.split(' ')[0];
      const kinds = index.get(first) ?? [];
      if (kinds[kinds.length - 1] !== k) kinds.push(k);
      index.set(first, kinds);
    }
  });
  return index;
})();

/** The kinds (indices into KIND_IDS, ascending) whose terms these words could say. */
function candidateKinds(words: readonly string[]): number[] {
  const found = new Set<number>();
  const collect = (word: string) => KINDS_BY_FIRST_WORD.get(word)?.forEach((k) => found.add(k));
  for (const word of words) {
    collect(word);
    for (let end = SHORTEST_STEM; end < word.length; end++) collect(word.slice(0, end));
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The kinds a transaction line's own words name, by their concept ("INTERNET SERVICE PROVIDER":
 * internet or cable; "MOVIE THEATER": a cinema), so the keyword model's concept goes where a
 * known merchant of that kind would (categoryForMerchant), and a known merchant's line that
 * names a kind of its concept ("PETSMART GROOMING", "BANFIELD PET HOSPITAL") is that kind.
 * `words` are the line's words in lower case. Where a line names two kinds of one concept, the
 * first in KIND_IDS order counts.
 */
export function kindsNamedBy(words: readonly string[]): ReadonlyMap<ConceptId, KindId> {
  const named = new Map<ConceptId, KindId>();
  for (const k of candidateKinds(words)) {
    const kind = KIND_IDS[k];
    const { concept, terms, inLines = terms } = KINDS[kind] as Kind;
    if (!named.has(concept) && termsSaid(inLines, words)) named.set(concept, kind);
  }
  return named;
}
