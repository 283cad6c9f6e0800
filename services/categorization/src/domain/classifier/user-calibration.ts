import { performance } from 'node:perf_hooks';
import { Classifier, confidenceBeforeMaps, type ClassifierContext } from './classifier';
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

type CalibrationContext = Omit<ClassifierContext, 'calibration'> & { userModel: UserModel };

/** The fit one label at a time, so that it can be spread over turns of the event loop. */
function* replay(
  context: CalibrationContext,
  knowledge?: KnowledgeModel,
): Generator<void, IsotonicCalibration> {
  const model = context.userModel;
  if (model.size < MIN_CALIBRATION_LABELS) return IsotonicCalibration.identity();
  const classifier = new Classifier({ ...context, calibration: undefined }, knowledge);
  const categoryIds = new Set(context.categories.map((c) => c.id));
  const pairs: { confidence: number; correct: boolean }[] = [];
  for (const label of model.recent(CALIBRATION_LABELS)) {
    // A label in a category the user no longer has cannot be answered right; it says nothing.
    if (!categoryIds.has(label.categoryId)) continue;
    // Withheld and put back within this step: between steps the model is whole.
    const result = model.withheld(label.transactionId, () =>
      classifier.classify({
        id: label.transactionId,
        description: label.description,
        merchant: label.merchant,
        amount: label.amount,
        type: label.type,
      }),
    );
    // Before any map: the user's map is applied to that, not to the own-names map a user
    // without a map of their own gets.
    pairs.push({
      confidence: confidenceBeforeMaps(result),
      correct: result.categoryId === label.categoryId,
    });
    yield;
  }
  return IsotonicCalibration.fit(pairs, MIN_CALIBRATION_LABELS);
}

/** The user's map, fitted at once (the evaluation; the service spreads it, see below). */
export function fitUserCalibration(
  context: CalibrationContext,
  knowledge?: KnowledgeModel,
): IsotonicCalibration {
  const steps = replay(context, knowledge);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

interface Fitted {
  size: number;
  map: IsotonicCalibration;
}

/**
 * Each user's fitted map, by user (least recently used dropped first), refitted only when their
 * labels have grown or shrunk by a quarter since the last fit. Keyed by user, not by model: a
 * model rebuilt from the database (another replica learned a label, the cache evicted it) has
 * the same labels. A fit replays up to 400 labels (about 0.1 s): it runs in the background, in
 * slices of a few milliseconds, so no request waits for it; meanwhile the user's answers carry
 * the map fitted before (or, for the first fit, the confidence without one).
 */
export class UserCalibrations {
  private readonly fitted = new Map<string, Fitted>();
  private readonly fitting = new Set<string>();
  private waiters: (() => void)[] = [];

  constructor(
    private readonly capacity = 500,
    private readonly sliceMs = 4,
  ) {}

  /** The user's map as it is now; starts a fit in the background when one is due. */
  for(
    userId: string,
    context: CalibrationContext,
    knowledge?: KnowledgeModel,
  ): IsotonicCalibration {
    const size = context.userModel.size;
    const current = this.fitted.get(userId);
    if (current) this.remember(userId, current);
    const due =
      !current ||
      size > current.size * (1 + REFIT_GROWTH) ||
      size < current.size * (1 - REFIT_GROWTH);
    if (due && !this.fitting.has(userId)) {
      if (size < MIN_CALIBRATION_LABELS)
        this.remember(userId, { size, map: IsotonicCalibration.identity() });
      else this.start(userId, size, context, knowledge);
    }
    return (this.fitted.get(userId) ?? current)?.map ?? IsotonicCalibration.identity();
  }

  /** Resolves once no fit is running (for tests and orderly shutdowns). */
  idle(): Promise<void> {
    if (!this.fitting.size) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private start(
    userId: string,
    size: number,
    context: CalibrationContext,
    knowledge?: KnowledgeModel,
  ): void {
    this.fitting.add(userId);
    const steps = replay(context, knowledge);
    const finish = (map: IsotonicCalibration | undefined) => {
      this.fitting.delete(userId);
      // A fit that failed keeps the map there was, for this size, instead of retrying at once.
      const previous = this.fitted.get(userId)?.map ?? IsotonicCalibration.identity();
      this.remember(userId, { size, map: map ?? previous });
      if (!this.fitting.size) {
        const waiters = this.waiters;
        this.waiters = [];
        for (const resolve of waiters) resolve();
      }
    };
    const turn = () => {
      const until = performance.now() + this.sliceMs;
      try {
        for (;;) {
          const next = steps.next();
          if (next.done) return finish(next.value);
          if (performance.now() >= until) return void setImmediate(turn);
        }
      } catch {
        finish(undefined);
      }
    };
    setImmediate(turn);
  }

  private remember(userId: string, fitted: Fitted): void {
    this.fitted.delete(userId);
    this.fitted.set(userId, fitted);
    while (this.fitted.size > this.capacity)
      this.fitted.delete(this.fitted.keys().next().value as string);
  }
}
