/**
 * The built-in knowledge's belief moved to one user's base rate (a label-shift correction,
 * Saerens, Latinne & Decaestecker 2002: p'(c | x) ∝ p(c | x) · π'(c) / π(c)). The knowledge's
 * belief over a user's categories is built to be uniform over them when it knows nothing of a
 * line, so π is uniform; π' is where the user files merchants, each merchant counted once (a
 * merchant they have not labelled before is a new one, and a new one is far likelier to be one
 * more local restaurant than the shop whose monthly lines fill their history), with one
 * pseudo-merchant per category (Laplace), so that a category with nothing filed yet keeps a
 * share and a user's first merchant weighs as much as that share, not all of it.
 *
 * Changes `belief` in place and keeps its total: it is one part of a blend, weighed as it was.
 */
export function shiftToBaseRate(
  belief: Map<string, number>,
  merchantsPerCategory: ReadonlyMap<string, number>,
  categoryCount: number,
): void {
  if (!belief.size || categoryCount <= 0) return;
  let merchants = 0;
  for (const n of merchantsPerCategory.values()) merchants += n;
  if (!merchants) return;
  let before = 0;
  let after = 0;
  for (const [id, p] of belief) {
    const ratio =
      (((merchantsPerCategory.get(id) ?? 0) + 1) * categoryCount) / (merchants + categoryCount);
    const shifted = p * ratio;
    before += p;
    after += shifted;
    belief.set(id, shifted);
  }
  if (after > 0) for (const [id, p] of belief) belief.set(id, (p * before) / after);
}
