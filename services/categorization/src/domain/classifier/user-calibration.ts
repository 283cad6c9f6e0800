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
 * Each user's fitted map, kept with their model object (a model rebuilt from the database is a
 * new object, so its map is fitted again) and refitted as their labels grow, so the replay
 * costs a few fits over a user's life rather than one per request.
 */
export class UserCalibrations {
  private readonly fitted = new WeakMap<UserModel, { size: number; map: IsotonicCalibration }>();

  for(
    context: Omit<ClassifierContext, 'calibration'> & { userModel: UserModel },
    knowledge?: KnowledgeModel,
  ): IsotonicCalibration {
    const model = context.userModel;
    const current = this.fitted.get(model);
    const size = model.size;
    if (
      current &&
      size <= current.size * (1 + REFIT_GROWTH) &&
      size >= current.size * (1 - REFIT_GROWTH)
    )
      return current.map;
    const map = fitUserCalibration(context, knowledge);
    this.fitted.set(model, { size, map });
    return map;
  }
}
