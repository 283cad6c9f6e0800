import type { ConceptId } from './concepts';
import { KIND_IDS, KINDS, type Kind, type KindId } from './knowledge-base/kinds';
import { termsSaid } from './ontology';

/**
 * The kinds a transaction line's own words name, by their concept ("INTERNET SERVICE PROVIDER":
 * internet or cable; "MOVIE THEATER": a cinema), so the keyword model's concept goes where a
 * known merchant of that kind would (categoryForMerchant), and a known merchant's line that
 * names a kind of its concept ("PETSMART GROOMING", "BANFIELD PET HOSPITAL") is that kind.
 * `words` are the line's words in lower case.
 */
export function kindsNamedBy(words: readonly string[]): ReadonlyMap<ConceptId, KindId> {
  const named = new Map<ConceptId, KindId>();
  for (const kind of KIND_IDS) {
    const { concept, terms, inLines = terms } = KINDS[kind] as Kind;
    if (!named.has(concept) && termsSaid(inLines, words)) named.set(concept, kind);
  }
  return named;
}
