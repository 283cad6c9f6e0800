import { performance } from 'node:perf_hooks';
import { LruMap } from '@pfs/kit';
import { Classifier, confidenceBeforeMaps, type ClassifierContext } from './classifier';
import { IsotonicCalibration } from './isotonic';
import type { KnowledgeModel } from './knowledge-model';
import { UserModel } from './user-model';

/**
 * Confidence calibrated on the user's own data. The classifier's confidence is fitted once, on
 * data like its knowledge base; on another user's descriptions and categories it can be far
 * from what it claims (answers at 0.9 right six times in ten). Each user's labels say how
 * right it really is for them: their labels are replayed in the order they came, each of the
 * newest classified by a model of only the labels before it (as the next transaction will be),
 * and the (confidence, right or wrong) pairs fit an isotonic map that the classifier then
 * applies to its confidence for this user.
 *
 * Only the labels before it, not all the others: a user's filing drifts (a merchant moves to
 * another category, new merchants come), and a label classified with its successors already
 * learned is answered better than the next transaction will be. On rolling time splits of the
 * third-party sets' training parts (tools/classifier-eval/src/inner-split.ts), that hindsight
 * made the map over-confident: ECE 0.055, 0.123, 0.067 and 0.054 replaying the 400 newest
 * labels with the others learned, against 0.051, 0.077, 0.064 and 0.043 replaying them in
 * order, and 0.044, 0.067, 0.051 and 0.031 replaying the 1,600 newest in order.
 */

/** Labels replayed per fit: the newest ones, the nearest to what comes next. */
export const CALIBRATION_LABELS = 1600;

/** Below this many replayed labels the map is the identity (too few to say anything). */
export const MIN_CALIBRATION_LABELS = 30;

/** A user's map is fitted again once their labels have grown (or shrunk) by this share. */
const REFIT_GROWTH = 0.25;

/** A map fitted at `fittedAt` labels is due again at `size` labels. */
export function refitDue(size: number, fittedAt: number): boolean {
  return size > fittedAt * (1 + REFIT_GROWTH) || size < fittedAt * (1 - REFIT_GROWTH);
}

type CalibrationContext = Omit<ClassifierContext, 'calibration'> & { userModel: UserModel };

/**
 * The fit one label at a time, so that it can be spread over turns of the event loop. It
 * replays into a model of its own: the user's model, which requests go on using meanwhile, is
 * only read.
 */
function* replay(
  context: CalibrationContext,
  knowledge?: KnowledgeModel,
): Generator<void, IsotonicCalibration> {
  if (context.userModel.size < MIN_CALIBRATION_LABELS) return IsotonicCalibration.identity();
  const history = context.userModel.recent(context.userModel.size).reverse();
  const replayFrom = Math.max(0, history.length - CALIBRATION_LABELS);
  const past = new UserModel(knowledge);
  const classifier = new Classifier(
    { ...context, userModel: past, calibration: undefined },
    knowledge,
  );
  const categoryIds = new Set(context.categories.map((c) => c.id));
  const pairs: { confidence: number; correct: boolean }[] = [];
  for (const [i, label] of history.entries()) {
    // A label in a category the user no longer has cannot be answered right; it says nothing.
    if (i >= replayFrom && categoryIds.has(label.categoryId)) {
      const result = classifier.classify({
        id: label.transactionId,
        description: label.description,
        merchant: label.merchant,
        amount: label.amount,
        type: label.type,
      });
      // Before any map: the user's map is applied to that, not to the own-names map a user
      // without a map of their own gets.
      pairs.push({
        confidence: confidenceBeforeMaps(result),
        correct: result.categoryId === label.categoryId,
      });
    }
    past.learn(label);
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
 * the same labels. A fit learns the user's labels again and classifies up to 1,600 of them
 * (in the evaluation on 2026-11-29: 0.2-0.5 s for about 600 labels, 0.8-1.0 s for 1,532, 1.4-1.9
 * s for 10,308; the service learns at most 5,000): it runs in the background, in slices of a
 * few milliseconds, so no request waits for it; meanwhile the user's answers carry the map
 * fitted before (or, for the first fit, the confidence without one). Fits run one at a time,
 * in the order they fell due: each holds a second copy of its user's labels while it runs.
 */
export class UserCalibrations {
  private readonly fitted: LruMap<string, Fitted>;
  /** Users with a fit due or running. */
  private readonly fitting = new Set<string>();
  private readonly queue: (() => void)[] = [];
  private running = false;
  private waiters: (() => void)[] = [];

  constructor(
    capacity = 500,
    private readonly sliceMs = 4,
  ) {
    this.fitted = new LruMap(capacity);
  }

  /** The user's map as it is now; starts a fit in the background when one is due. */
  for(
    userId: string,
    context: CalibrationContext,
    knowledge?: KnowledgeModel,
  ): IsotonicCalibration {
    const size = context.userModel.size;
    const current = this.fitted.get(userId);
    const due = !current || refitDue(size, current.size);
    if (due && !this.fitting.has(userId)) {
      if (size < MIN_CALIBRATION_LABELS)
        this.fitted.set(userId, { size, map: IsotonicCalibration.identity() });
      else this.start(userId, size, context, knowledge);
    }
    return (this.fitted.peek(userId) ?? current)?.map ?? IsotonicCalibration.identity();
  }

  /** Resolves once no fit is due or running (for tests and orderly shutdowns). */
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
    this.queue.push(() => this.run(userId, size, context, knowledge));
    if (!this.running) this.next();
  }

  private next(): void {
    const job = this.queue.shift();
    this.running = Boolean(job);
    job?.();
  }

  private run(
    userId: string,
    size: number,
    context: CalibrationContext,
    knowledge?: KnowledgeModel,
  ): void {
    const steps = replay(context, knowledge);
    const finish = (map: IsotonicCalibration | undefined) => {
      this.fitting.delete(userId);
      // A fit that failed keeps the map there was, for this size, instead of retrying at once.
      const previous = this.fitted.peek(userId)?.map ?? IsotonicCalibration.identity();
      this.fitted.set(userId, { size, map: map ?? previous });
      this.next();
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
}
