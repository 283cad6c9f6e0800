import { seededRandom } from '@pfs/kit';
import type { UserCategory } from '../../src/domain/classifier/categories';
import { calibrate, reliability } from '../../src/domain/classifier/calibration';
import { Classifier } from '../../src/domain/classifier/classifier';
import { IsotonicCalibration } from '../../src/domain/classifier/isotonic';
import { namedCategories } from './named-categories';
import {
  OWN_NAMES_REFERENCE_SHARE,
  ownNamesCalibration,
  understoodFactor,
} from '../../src/domain/classifier/own-names-calibration';
import {
  fitUserCalibration,
  MIN_CALIBRATION_LABELS,
  UserCalibrations,
} from '../../src/domain/classifier/user-calibration';
import { UserModel, type Label } from '../../src/domain/classifier/user-model';

const categories = namedCategories(['Eating Out', 'Food Shop', 'Car', 'Trips', 'Health']);
const context = { countryCode: 'AU', businessType: 'individual', categories };

/** A deterministic stream of numbers in [0, 1), so every run sees the same data. */
const random = seededRandom;

const MERCHANTS = [
  ['MCDONALDS', 'c0'],
  ['GUZMAN Y GOMEZ', 'c0'],
  ['WOOLWORTHS', 'c1'],
  ['ALDI STORES', 'c1'],
  ['SHELL COLES EXPRESS', 'c2'],
  ['AMPOL', 'c2'],
  ['QANTAS AIRWAYS', 'c3'],
  ['BOOKING.COM', 'c3'],
  ['CHEMIST WAREHOUSE', 'c4'],
  ['PRICELINE PHARMACY', 'c4'],
] as const;

/**
 * A user whose labels agree with what the merchants are only `agreement` of the time (they file
 * by who they were with, say): the classifier, sure of what the merchants are, is over-confident.
 */
function labels(count: number, agreement: number, seed: number, from = 0): Label[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const [merchant, category] = MERCHANTS[Math.floor(next() * MERCHANTS.length)];
    const other = categories[Math.floor(next() * categories.length)].id;
    return {
      transactionId: `t${from + i}`,
      description: `${merchant} ${1000 + Math.floor(next() * 9000)} SYDNEY`,
      amount: 5 + Math.floor(next() * 200),
      type: 'debit',
      categoryId: next() < agreement ? category : other,
    };
  });
}

function modelOf(list: readonly Label[]): UserModel {
  const model = new UserModel();
  for (const label of list) model.learn(label);
  return model;
}

describe('IsotonicCalibration', () => {
  it('is the identity below its minimum number of pairs', () => {
    const map = IsotonicCalibration.fit([{ confidence: 0.9, correct: false }], 30);
    expect(map.apply(0.9)).toBe(0.9);
    expect(map.apply(0.2)).toBe(0.2);
  });

  it('maps confidences to the accuracy seen at them, never lowering a higher confidence', () => {
    const next = random(7);
    // Claims 0.5–1.0, right only about 60% of the time whatever it claims.
    const pairs = Array.from({ length: 400 }, () => ({
      confidence: 0.5 + next() * 0.5,
      correct: next() < 0.6,
    }));
    const map = IsotonicCalibration.fit(pairs);
    const mapped = [0.5, 0.6, 0.7, 0.8, 0.9, 1].map((c) => map.apply(c));
    for (let i = 1; i < mapped.length; i++) expect(mapped[i]).toBeGreaterThanOrEqual(mapped[i - 1]);
    expect(map.apply(0.95)).toBeLessThan(0.8);
    expect(map.apply(0.95)).toBeGreaterThan(0.45);
  });

  it('stays monotone when a small block of higher accuracy follows a large one', () => {
    // 1,000 answers at 0.5, 70% right; then 5 right and 2 wrong at 0.9–0.95 (71% right). The
    // pull towards 0.5 moves the small block (to 0.69) further than the large one (0.70).
    const pairs = [
      ...Array.from({ length: 1000 }, (_, i) => ({ confidence: 0.5, correct: i % 10 < 7 })),
      ...[0.9, 0.91, 0.92, 0.93, 0.94].map((confidence) => ({ confidence, correct: true })),
      ...[0.95, 0.95].map((confidence) => ({ confidence, correct: false })),
    ];
    const map = IsotonicCalibration.fit(pairs);
    const mapped = [0.5, 0.7, 0.9, 0.95, 0.99].map((c) => map.apply(c));
    for (let i = 1; i < mapped.length; i++) expect(mapped[i]).toBeGreaterThanOrEqual(mapped[i - 1]);
  });
});

describe('IsotonicCalibration points', () => {
  it('reads back the map it wrote, and refuses knots that are not monotone', () => {
    const pairs = Array.from({ length: 60 }, (_, i) => ({
      confidence: i / 60,
      correct: i % 3 !== 0 && i > 20,
    }));
    const map = IsotonicCalibration.fit(pairs);
    const copy = IsotonicCalibration.fromPoints(map.points());
    for (const x of [0, 0.2, 0.41, 0.77, 1]) expect(copy.apply(x)).toBe(map.apply(x));
    expect(map.isIdentity).toBe(false);
    expect(IsotonicCalibration.identity().isIdentity).toBe(true);
    expect(() =>
      IsotonicCalibration.fromPoints([
        [0.2, 0.5],
        [0.4, 0.3],
      ]),
    ).toThrow(RangeError);
  });
});

describe('confidence for a user with their own category names', () => {
  const own = namedCategories(
    ['Food & Drink', 'Gas & Fuel', 'Pharmacy', 'Streaming Services'],
    'o',
  );
  const defaults = namedCategories(
    ['Groceries', 'Dining Out', 'Transport', 'Health & Medical'],
    'd',
  );
  const transaction = { id: 't', description: 'SHELL OIL 57444 HOUSTON TX', type: 'debit' };
  const answer = (cats: UserCategory[], calibration?: IsotonicCalibration) =>
    new Classifier({
      countryCode: 'US',
      businessType: 'individual',
      categories: cats,
      calibration,
    }).classify(transaction);

  it('gets the own-names map until the user has a map of their own', () => {
    const result = answer(own);
    expect(result.categoryName).toBe('Gas & Fuel');
    const fitted = calibrate(result.signals);
    expect(result.confidence).toBe(ownNamesCalibration().apply(fitted));
    // The map says what the development set showed: a confident mapping is right less often.
    expect(result.confidence).toBeLessThan(fitted);
    // An identity map (too few labels) is no map of their own.
    expect(answer(own, IsotonicCalibration.identity()).confidence).toBe(result.confidence);
    const mine = IsotonicCalibration.fromPoints([
      [0, 0.1],
      [1, 0.99],
    ]);
    expect(answer(own, mine).confidence).toBe(mine.apply(fitted));
  });

  it('is scaled down where few of the user’s categories mean anything to the knowledge', () => {
    // One category of six understood: an answer can only be right where the line's category
    // is one the knowledge understood, and with no labels every category is as likely.
    const codes = namedCategories(
      ['Gas & Fuel', 'XJ4 Ops', 'QR7 Def', 'ZK1 Strat', 'KP2 Udd', 'LM9 Lics'],
      'x',
    );
    const result = answer(codes);
    expect(result.categoryName).toBe('Gas & Fuel');
    const fitted = calibrate(result.signals);
    // Rounded to three decimals, like every confidence.
    expect(result.confidence).toBe(
      Math.round(
        ((ownNamesCalibration().apply(fitted) * (1 / 6)) / OWN_NAMES_REFERENCE_SHARE) * 1000,
      ) / 1000,
    );
    // The runners-up share only what is left of the known part, and none beats the answer.
    const factor = 1 / 6 / OWN_NAMES_REFERENCE_SHARE;
    const total = result.alternatives.reduce((sum, a) => sum + a.confidence, result.confidence);
    expect(total).toBeLessThanOrEqual(factor + 0.002);
    for (const alternative of result.alternatives)
      expect(alternative.confidence).toBeLessThanOrEqual(result.confidence);
    // Categories the user has labelled are known too, whatever their names say.
    const model = new UserModel();
    ['x1', 'x2', 'x3', 'x4', 'x5'].forEach((categoryId, i) =>
      model.learn({
        transactionId: `l${i}`,
        description: `SUPPLIER ${i}`,
        type: 'debit',
        categoryId,
      }),
    );
    const taught = new Classifier({
      countryCode: 'US',
      businessType: 'individual',
      categories: codes,
      userModel: model,
    }).classify(transaction);
    expect(taught.confidence).toBeCloseTo(
      ownNamesCalibration().apply(calibrate(taught.signals)),
      10,
    );
    expect(understoodFactor(0.9)).toBe(1);
    expect(understoodFactor(0)).toBe(0);
    // A map of the user's own has learned what their names mean: it is not scaled.
    const mine = IsotonicCalibration.fromPoints([
      [0, 0.1],
      [1, 0.99],
    ]);
    expect(answer(codes, mine).confidence).toBe(mine.apply(fitted));
  });

  it('leaves the fitted confidence alone for the default names', () => {
    const result = answer(defaults);
    expect(result.confidence).toBe(calibrate(result.signals));
  });
});

describe('fitUserCalibration', () => {
  it('is the identity until the user has enough labels', () => {
    const model = modelOf(labels(MIN_CALIBRATION_LABELS - 1, 0.5, 1));
    const map = fitUserCalibration({ ...context, userModel: model });
    expect(map.apply(0.83)).toBe(0.83);
  });

  it('makes the confidence honest for a user whose labels the knowledge disagrees with', () => {
    const model = modelOf(labels(300, 0.5, 2));
    const calibration = fitUserCalibration({ ...context, userModel: model });
    const plain = new Classifier({ ...context, userModel: model });
    const calibrated = new Classifier({ ...context, userModel: model, calibration });
    // New transactions of the same user, never learned.
    const fresh = labels(400, 0.5, 3, 10_000);
    const points = (classifier: Classifier) =>
      fresh.map((l) => {
        const r = classifier.classify({ id: l.transactionId, ...l });
        return { confidence: r.confidence, correct: r.categoryId === l.categoryId };
      });
    const before = points(plain);
    const after = points(calibrated);
    // Same answers, only the confidence changes.
    expect(after.map((p) => p.correct)).toEqual(before.map((p) => p.correct));
    const accuracy = after.filter((p) => p.correct).length / after.length;
    const mean = (ps: typeof after) => ps.reduce((s, p) => s + p.confidence, 0) / ps.length;
    expect(mean(before) - accuracy).toBeGreaterThan(0.1);
    expect(Math.abs(mean(after) - accuracy)).toBeLessThan(0.08);
    expect(reliability(after).ece).toBeLessThan(reliability(before).ece);
  });

  it('replays labels in the order they came: a label is answered without its successors', () => {
    // Every reference comes twice, both times filed alike, but where it goes cannot be told
    // from its words. Classified with all the other labels learned, every label has its twin
    // there and looks certain; classified with only the labels before it, the first of each
    // pair is a guess, as the next new reference will be.
    const next = random(11);
    const word = () =>
      Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(next() * 26))).join('');
    const twice: Label[] = [];
    for (let i = 0; i < 150; i++) {
      const description = `INVOICE ${word()} ${word()}`;
      const categoryId = categories[Math.floor(next() * categories.length)].id;
      for (const copy of [0, 1])
        twice.push({ transactionId: `r${i}-${copy}`, description, categoryId, type: 'debit' });
    }
    const model = modelOf(twice);
    const calibration = fitUserCalibration({ ...context, userModel: model });
    const classifier = new Classifier({ ...context, userModel: model, calibration });
    const fresh = Array.from({ length: 200 }, (_, i) => ({
      id: `f${i}`,
      description: `INVOICE ${word()} ${word()}`,
      type: 'debit',
      categoryId: categories[Math.floor(next() * categories.length)].id,
    }));
    const answers = fresh.map((t) => {
      const result = classifier.classify(t);
      return { result, correct: result.categoryId === t.categoryId };
    });
    const accuracy = answers.filter((a) => a.correct).length / answers.length;
    const mean = answers.reduce((sum, a) => sum + a.result.confidence, 0) / answers.length;
    expect(accuracy).toBeLessThan(0.4);
    expect(Math.abs(mean - accuracy)).toBeLessThan(0.15);
    // A reference seen before is still answered with confidence.
    const seen = classifier.classify({ id: 's', description: twice[0].description, type: 'debit' });
    expect(seen.categoryId).toBe(twice[0].categoryId);
    expect(seen.confidence).toBeGreaterThan(0.8);
  });

  it('leaves the model as it found it', () => {
    const list = labels(120, 0.8, 4);
    const model = modelOf(list);
    const probe = { id: 'p', description: 'WOOLWORTHS 1234 SYDNEY', amount: 40, type: 'debit' };
    const before = new Classifier({ ...context, userModel: model }).classify(probe);
    fitUserCalibration({ ...context, userModel: model });
    expect(new Classifier({ ...context, userModel: model }).classify(probe)).toEqual(before);
    expect(model.recent(3)).toEqual(modelOf(list).recent(3));
  });
});

describe('UserCalibrations', () => {
  const identity = IsotonicCalibration.identity();

  it('fits in the background, once per user, again after a quarter more labels, not per rebuild', async () => {
    const calibrations = new UserCalibrations();
    const list = labels(200, 0.6, 5);
    const model = modelOf(list);
    // The first answer does not wait for the fit: no map yet.
    expect(calibrations.for('u1', { ...context, userModel: model })).toEqual(identity);
    await calibrations.idle();
    const first = calibrations.for('u1', { ...context, userModel: model });
    expect(first).not.toEqual(identity);
    expect(first).toEqual(fitUserCalibration({ ...context, userModel: model }));
    // A model rebuilt from the same labels (another replica learned, the cache evicted it).
    expect(calibrations.for('u1', { ...context, userModel: modelOf(list) })).toBe(first);
    for (const label of labels(40, 0.6, 6, 1_000)) model.learn(label);
    expect(calibrations.for('u1', { ...context, userModel: model })).toBe(first);
    await calibrations.idle();
    expect(calibrations.for('u1', { ...context, userModel: model })).toBe(first);
    for (const label of labels(20, 0.6, 7, 2_000)) model.learn(label);
    // Due again: the old map serves while the new one is fitted.
    expect(calibrations.for('u1', { ...context, userModel: model })).toBe(first);
    await calibrations.idle();
    expect(calibrations.for('u1', { ...context, userModel: model })).not.toBe(first);
  });

  it('spreads a fit over turns of the event loop, the model whole between them', async () => {
    const calibrations = new UserCalibrations(500, 0);
    const model = modelOf(labels(300, 0.6, 9));
    const probe = { id: 'p', description: 'AMPOL 1234 SYDNEY', amount: 40, type: 'debit' };
    const whole = new Classifier({ ...context, userModel: model }).classify(probe);
    calibrations.for('u1', { ...context, userModel: model });
    let turns = 0;
    while (!(await Promise.race([calibrations.idle().then(() => true), tick()]))) {
      turns += 1;
      expect(model.size).toBe(300);
      expect(new Classifier({ ...context, userModel: model }).classify(probe)).toEqual(whole);
    }
    expect(turns).toBeGreaterThan(10);
  });

  it('fits users one after another, in the order their fits fell due', async () => {
    const calibrations = new UserCalibrations(500, 0);
    const models = [1, 2, 3].map((seed) => modelOf(labels(80, 0.6, 20 + seed)));
    models.forEach((model, i) => calibrations.for(`u${i}`, { ...context, userModel: model }));
    await calibrations.idle();
    models.forEach((model, i) =>
      expect(calibrations.for(`u${i}`, { ...context, userModel: model })).toEqual(
        fitUserCalibration({ ...context, userModel: model }),
      ),
    );
  });

  it('keeps at most its capacity of users, the least recently used dropped first', async () => {
    const calibrations = new UserCalibrations(2);
    const model = modelOf(labels(60, 0.6, 8));
    const fitted = async (userId: string) => {
      calibrations.for(userId, { ...context, userModel: model });
      await calibrations.idle();
      return calibrations.for(userId, { ...context, userModel: model });
    };
    const a = await fitted('a');
    const b = await fitted('b');
    expect(calibrations.for('a', { ...context, userModel: model })).toBe(a);
    await fitted('c');
    // b was the least recently used: dropped (no map until fitted again); a is still there.
    expect(calibrations.for('a', { ...context, userModel: model })).toBe(a);
    expect(calibrations.for('b', { ...context, userModel: model })).not.toBe(b);
  });
});

/** One turn of the event loop (false: the race's other side has not settled yet). */
const tick = () => new Promise<boolean>((resolve) => setImmediate(() => resolve(false)));
