import { Classifier, type ClassifierContext } from './classifier';
import { IsotonicCalibration } from './isotonic';
import type { KnowledgeModel } from './knowledge-model';
import type { UserModel } from './user-model';

/**
 * Confidence calibrated on the user's own data. The classifier's confidence is fitted once, on
 * data like its knowledge base; on another user's descriptions and categories it can be far
 * from what it claims (answers at 0.9 right six times in ten). Each user's labels say how
 * right it really is for them: each of their most recent labels is classified as if it had not
 * been learned (the model without it), and the (confidence, right or wrong) pairs fit an
 * isotonic map that the classifier then applies to its confidence for this user.
 */

/** Labels replayed per fit: the most recent ones, as the nearest to what comes next. */
export const CALIBRATION_LABELS = 400;

/** Below this many replayed labels the map is the identity (too few to say anything). */
export const MIN_CALIBRATION_LABELS = 30;

/** A user's map is fitted again once their labels have grown (or shrunk) by this share. */
const REFIT_GROWTH = 0.25;

export function fitUserCalibration(
  context: Omit<ClassifierContext, 'calibration'> & { userModel: UserModel },
  knowledge?: KnowledgeModel,
): IsotonicCalibration {
  const model = context.userModel;
  if (model.size < MIN_CALIBRATION_LABELS) return IsotonicCalibration.identity();
  const classifier = new Classifier({ ...context, calibration: undefined }, knowledge);
  const categoryIds = new Set(context.categories.map((c) => c.id));
  const pairs: { confidence: number; correct: boolean }[] = [];
  for (const label of model.recent(CALIBRATION_LABELS)) {
    // A label in a category the user no longer has cannot be answered right; it says nothing.
    if (!categoryIds.has(label.categoryId)) continue;
    const result = model.withheld(label.transactionId, () =>
      classifier.classify({
        id: label.transactionId,
        description: label.description,
        merchant: label.merchant,
        amount: label.amount,
        type: label.type,
      }),
    );
    pairs.push({ confidence: result.confidence, correct: result.categoryId === label.categoryId });
  }
  return IsotonicCalibration.fit(pairs, MIN_CALIBRATION_LABELS);
}

/**
 * Each user's fitted map, by user (least recently used dropped first), refitted only when their
 * labels have grown or shrunk by a quarter since the last fit. Keyed by user, not by model: a
 * model rebuilt from the database (another replica learned a label, the cache evicted it) has
 * the same labels, so the replay — about 0.1 s for 400 labels — runs a few times over a user's
 * life, not after every rebuild.
 */
export class UserCalibrations {
  private readonly fitted = new Map<string, { size: number; map: IsotonicCalibration }>();

  constructor(private readonly capacity = 500) {}

  for(
    userId: string,
    context: Omit<ClassifierContext, 'calibration'> & { userModel: UserModel },
    knowledge?: KnowledgeModel,
  ): IsotonicCalibration {
    const size = context.userModel.size;
    const current = this.fitted.get(userId);
    this.fitted.delete(userId);
    if (
      current &&
      size <= current.size * (1 + REFIT_GROWTH) &&
      size >= current.size * (1 - REFIT_GROWTH)
    ) {
      this.fitted.set(userId, current);
      return current.map;
    }
    const map = fitUserCalibration(context, knowledge);
    this.fitted.set(userId, { size, map });
    while (this.fitted.size > this.capacity)
      this.fitted.delete(this.fitted.keys().next().value as string);
    return map;
  }
}
