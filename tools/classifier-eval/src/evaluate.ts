import { seededRandom } from '@pfs/kit';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { dirname, join } from 'node:path';
import { CALIBRATION_PARAMETERS } from '../../../services/categorization/src/domain/classifier/calibration-parameters';
import {
  fitCalibration,
  reliability,
  type CalibrationParameters,
  type CalibrationSample,
  type ReliabilityBin,
} from '../../../services/categorization/src/domain/classifier/calibration';
import type { UserCategory } from '../../../services/categorization/src/domain/classifier/categories';
import {
  Classifier,
  type ClassificationResult,
} from '../../../services/categorization/src/domain/classifier/classifier';
import { knowledgeModel } from '../../../services/categorization/src/domain/classifier/knowledge-model';
import { normalizeDescription } from '../../../services/categorization/src/domain/classifier/normalize';
import { UserModel } from '../../../services/categorization/src/domain/classifier/user-model';
import { defaultCategorySet } from '../../../services/categorization/src/domain/default-categories';
import type { BusinessType } from '../../../services/categorization/src/domain/user-profile';

/**
 * Measures the classifier on the labelled set (services/categorization/test/fixtures/eval):
 * cold (knowledge base only), warm (after learning a share of each user's own labels),
 * per-class precision and recall, calibration and throughput. Pure computation: the same
 * input always gives the same report.
 */
/** A path from the repository root, found from here whether run from source or from dist/. */
export function repositoryPath(relative: string): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'services', 'categorization', 'package.json')))
      return join(dir, relative);
  }
  throw new Error(`repository root not found above ${__dirname}`);
}

export const LABELLED_SET = repositoryPath(
  'services/categorization/test/fixtures/eval/labelled-transactions.csv',
);

export interface LabelledRow {
  index: number;
  user: string;
  country: string;
  businessType: BusinessType;
  description: string;
  amount: number;
  type: 'debit' | 'credit';
  category: string;
  isTaxDeductible: boolean;
  taxCategory: string;
}

/** RFC 4180 CSV through csv-parse, blank lines left out. */
export function parseCsv(text: string): string[][] {
  const rows = parse(text, { relax_column_count: true, bom: true }) as string[][];
  return rows.filter((r) => r.some((f) => f.trim()));
}

export function loadLabelledSet(path = LABELLED_SET): LabelledRow[] {
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8'));
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`labelled set has no column ${name}`);
    return i;
  };
  const c = {
    user: col('user'),
    country: col('country'),
    businessType: col('businessType'),
    description: col('description'),
    amount: col('amount'),
    type: col('type'),
    category: col('category'),
    isTaxDeductible: col('isTaxDeductible'),
    taxCategory: col('taxCategory'),
  };
  return rows.map((r, index) => ({
    index,
    user: r[c.user],
    country: r[c.country],
    businessType: r[c.businessType] as BusinessType,
    description: r[c.description],
    amount: Number(r[c.amount]),
    type: r[c.type] as 'debit' | 'credit',
    category: r[c.category],
    isTaxDeductible: r[c.isTaxDeductible] === 'true',
    taxCategory: r[c.taxCategory],
  }));
}

/** The default categories a simulated user of this country and business type starts with. */
export function categoriesFor(country: string, businessType: BusinessType): UserCategory[] {
  return defaultCategorySet({ countryCode: country, businessType }).categories.map((seed, i) => ({
    id: `${country}-${businessType}-${i}`,
    name: seed.name,
    icon: seed.icon,
    color: seed.color,
    isTaxDeductible: seed.isTaxDeductible,
    taxCategory: seed.taxCategory,
  }));
}

/** Deterministic pseudo-random numbers (the shared runtime's mulberry32). */
export const random = seededRandom;

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const next = random(seed);
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Stable half split for calibration: fit on "fit", report on "holdout". */
export function calibrationFold(row: LabelledRow): 'fit' | 'holdout' {
  let h = 2166136261;
  for (const ch of `${row.user}|${row.index}|${row.description}`) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) % 2 === 0 ? 'fit' : 'holdout';
}

export interface Prediction {
  row: LabelledRow;
  result: ClassificationResult;
  predicted: string | null;
  correct: boolean;
  mode: 'cold' | 'warm';
}

interface SimulatedUser {
  rows: LabelledRow[];
  categories: UserCategory[];
  nameById: Map<string, string>;
  idByName: Map<string, string>;
}

function usersOf(rows: readonly LabelledRow[]): SimulatedUser[] {
  const byUser = new Map<string, LabelledRow[]>();
  for (const row of rows) byUser.set(row.user, [...(byUser.get(row.user) ?? []), row]);
  return [...byUser.values()].map((list) => {
    const categories = categoriesFor(list[0].country, list[0].businessType);
    return {
      rows: list,
      categories,
      nameById: new Map(categories.map((c) => [c.id, c.name])),
      idByName: new Map(categories.map((c) => [c.name, c.id])),
    };
  });
}

function predict(
  user: SimulatedUser,
  model: UserModel | undefined,
  row: LabelledRow,
  mode: 'cold' | 'warm',
): Prediction {
  const classifier = new Classifier({
    countryCode: row.country,
    businessType: row.businessType,
    categories: user.categories,
    userModel: model,
  });
  const result = classifier.classify({
    id: String(row.index),
    description: row.description,
    amount: row.amount,
    type: row.type,
  });
  const predicted = result.categoryId ? (user.nameById.get(result.categoryId) ?? null) : null;
  return { row, result, predicted, correct: predicted === row.category, mode };
}

export function coldPredictions(rows: readonly LabelledRow[]): Prediction[] {
  return usersOf(rows).flatMap((user) =>
    user.rows.map((row) => predict(user, undefined, row, 'cold')),
  );
}

/**
 * Each user labels `share` of their rows (a random sample per seed), the model learns them,
 * and the other rows are classified.
 */
export function warmPredictions(
  rows: readonly LabelledRow[],
  share: number,
  seed: number,
): Prediction[] {
  return usersOf(rows).flatMap((user) => {
    const order = shuffled(user.rows, seed);
    const cut = Math.round(order.length * share);
    const model = new UserModel();
    for (const row of order.slice(0, cut)) {
      model.learn({
        transactionId: String(row.index),
        description: row.description,
        amount: row.amount,
        type: row.type,
        categoryId: user.idByName.get(row.category) as string,
      });
    }
    return order.slice(cut).map((row) => predict(user, model, row, 'warm'));
  });
}

/** Online: each transaction is classified, then the user files it correctly (a correction when wrong). */
export function onlinePredictions(rows: readonly LabelledRow[]): Prediction[] {
  return usersOf(rows).flatMap((user) => {
    const model = new UserModel();
    return user.rows.map((row) => {
      const prediction = predict(user, model, row, 'warm');
      model.learn({
        transactionId: String(row.index),
        description: row.description,
        amount: row.amount,
        type: row.type,
        categoryId: user.idByName.get(row.category) as string,
      });
      return prediction;
    });
  });
}

export function deductibleAgreement(predictions: readonly Prediction[]): number {
  if (!predictions.length) return 0;
  const agree = predictions.filter((p) => {
    const seed = defaultCategorySet({
      countryCode: p.row.country,
      businessType: p.row.businessType,
    }).categories.find((c) => c.name === p.predicted);
    return (seed?.isTaxDeductible ?? false) === p.row.isTaxDeductible;
  }).length;
  return agree / predictions.length;
}

export function accuracy(predictions: readonly Prediction[]): number {
  return predictions.length ? predictions.filter((p) => p.correct).length / predictions.length : 0;
}

export interface ClassStats {
  category: string;
  support: number;
  predicted: number;
  precision: number;
  recall: number;
  f1: number;
}

export function perClass(predictions: readonly Prediction[]): ClassStats[] {
  const names = new Set<string>();
  for (const p of predictions) {
    names.add(p.row.category);
    if (p.predicted) names.add(p.predicted);
  }
  return [...names]
    .map((category) => {
      const support = predictions.filter((p) => p.row.category === category).length;
      const predicted = predictions.filter((p) => p.predicted === category).length;
      const hits = predictions.filter((p) => p.correct && p.row.category === category).length;
      const precision = predicted ? hits / predicted : 0;
      const recall = support ? hits / support : 0;
      const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
      return { category, support, predicted, precision, recall, f1 };
    })
    .filter((s) => s.support > 0)
    .sort((a, b) => b.support - a.support || a.category.localeCompare(b.category));
}

export interface EvaluationReport {
  rows: number;
  users: number;
  countries: Record<string, number>;
  cold: {
    accuracy: number;
    byCountry: Record<string, number>;
    knownMerchantShare: number;
    knownMerchantAccuracy: number;
    unknownMerchantAccuracy: number;
  };
  warm: {
    share: number;
    seeds: number[];
    accuracy: number;
    accuracyBySeed: number[];
    byCountry: Record<string, number>;
  };
  online: { accuracy: number };
  /** The predicted category's deductible flag equals the label's (what a tax summary would count). */
  deductibleFlag: { cold: number; warm: number };
  perClassCold: ClassStats[];
  perClassWarm: ClassStats[];
  calibration: {
    parameters: CalibrationParameters;
    holdout: { bins: ReliabilityBin[]; ece: number; count: number };
    fit: { ece: number; count: number };
  };
  throughput: { knowledgeBuildMs: number; coldMsPer1000: number; warmMsPer1000: number };
}

function byCountry(predictions: readonly Prediction[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const country of [...new Set(predictions.map((p) => p.row.country))].sort()) {
    out[country] = accuracy(predictions.filter((p) => p.row.country === country));
  }
  return out;
}

export const WARM_SHARE = 0.3;
export const WARM_SEEDS = [1, 2, 3, 4, 5];

/** Milliseconds to classify 1,000 transactions (cycling the set), best of three runs. */
function throughput(rows: readonly LabelledRow[], warm: boolean): number {
  const users = usersOf(rows);
  const user = users[0];
  const model = new UserModel();
  if (warm) {
    user.rows.forEach((row, i) => {
      if (i % 3 === 0) {
        model.learn({
          transactionId: String(row.index),
          description: row.description,
          amount: row.amount,
          type: row.type,
          categoryId: user.idByName.get(row.category) as string,
        });
      }
    });
  }
  const classifier = new Classifier({
    countryCode: user.rows[0].country,
    businessType: user.rows[0].businessType,
    categories: user.categories,
    userModel: warm ? model : undefined,
  });
  const batch = Array.from({ length: 1000 }, (_, i) => {
    const row = rows[i % rows.length];
    return { id: String(i), description: row.description, amount: row.amount, type: row.type };
  });
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const started = process.hrtime.bigint();
    classifier.classifyAll(batch);
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
  }
  return best;
}

export function samplesOf(predictions: readonly Prediction[]): CalibrationSample[] {
  return predictions
    .filter((p) => p.result.categoryId)
    .map((p) => ({ signals: p.result.signals, correct: p.correct }));
}

/** Every prediction the calibration is fitted on or measured with: cold, and warm for every seed. */
export function calibrationPredictions(rows: readonly LabelledRow[]): Prediction[] {
  return [
    ...coldPredictions(rows),
    ...WARM_SEEDS.flatMap((seed) => warmPredictions(rows, WARM_SHARE, seed)),
  ];
}

/** Fits the calibration on the "fit" half only. */
export function fitOnFold(rows: readonly LabelledRow[]): CalibrationParameters {
  const fit = calibrationPredictions(rows).filter((p) => calibrationFold(p.row) === 'fit');
  return fitCalibration(
    samplesOf(fit),
    `tools/classifier-eval: ${fit.length} predictions (cold + warm ${WARM_SHARE * 100}%, seeds ${WARM_SEEDS.join(',')}) on the fit half of ${rows.length} labelled rows`,
  );
}

export function evaluate(rows: readonly LabelledRow[] = loadLabelledSet()): EvaluationReport {
  const started = process.hrtime.bigint();
  const knowledge = knowledgeModel();
  const knowledgeBuildMs = Number(process.hrtime.bigint() - started) / 1e6;

  const cold = coldPredictions(rows);
  const known = cold.filter((p) =>
    knowledge.lookupMerchant(normalizeDescription(p.row.description)),
  );
  const unknown = cold.filter(
    (p) => !knowledge.lookupMerchant(normalizeDescription(p.row.description)),
  );
  const warmBySeed = WARM_SEEDS.map((seed) => warmPredictions(rows, WARM_SHARE, seed));
  const warmAll = warmBySeed.flat();
  const online = onlinePredictions(rows);

  const all = [...cold, ...warmAll];
  const holdout = all.filter((p) => calibrationFold(p.row) === 'holdout' && p.result.categoryId);
  const fit = all.filter((p) => calibrationFold(p.row) === 'fit' && p.result.categoryId);
  const points = (list: Prediction[]) =>
    list.map((p) => ({ confidence: p.result.confidence, correct: p.correct }));
  const holdoutTable = reliability(points(holdout));

  return {
    rows: rows.length,
    users: new Set(rows.map((r) => r.user)).size,
    countries: rows.reduce<Record<string, number>>(
      (acc, r) => ({ ...acc, [r.country]: (acc[r.country] ?? 0) + 1 }),
      {},
    ),
    cold: {
      accuracy: accuracy(cold),
      byCountry: byCountry(cold),
      knownMerchantShare: known.length / cold.length,
      knownMerchantAccuracy: accuracy(known),
      unknownMerchantAccuracy: accuracy(unknown),
    },
    warm: {
      share: WARM_SHARE,
      seeds: WARM_SEEDS,
      accuracy: accuracy(warmAll),
      accuracyBySeed: warmBySeed.map(accuracy),
      byCountry: byCountry(warmAll),
    },
    online: { accuracy: accuracy(online) },
    deductibleFlag: { cold: deductibleAgreement(cold), warm: deductibleAgreement(warmAll) },
    perClassCold: perClass(cold),
    perClassWarm: perClass(warmAll),
    calibration: {
      parameters: CALIBRATION_PARAMETERS,
      holdout: { ...holdoutTable, count: holdout.length },
      fit: { ece: reliability(points(fit)).ece, count: fit.length },
    },
    throughput: {
      knowledgeBuildMs,
      coldMsPer1000: throughput(rows, false),
      warmMsPer1000: throughput(rows, true),
    },
  };
}

/** A share as a percentage with one decimal: 0.912 → "91.2%". */
export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function formatReport(r: EvaluationReport): string {
  const lines: string[] = [];
  lines.push(
    `Labelled set: ${r.rows} rows, ${r.users} simulated users (${Object.entries(r.countries)
      .map(([c, n]) => `${c} ${n}`)
      .join(', ')})`,
  );
  lines.push('');
  lines.push(
    `Cold (knowledge base only):   top-1 ${pct(r.cold.accuracy)}   by country: ${Object.entries(
      r.cold.byCountry,
    )
      .map(([c, a]) => `${c} ${pct(a)}`)
      .join(', ')}`,
  );
  lines.push(
    `  rows whose merchant the knowledge base names: ${pct(r.cold.knownMerchantShare)} (accuracy ${pct(r.cold.knownMerchantAccuracy)}); other rows: accuracy ${pct(r.cold.unknownMerchantAccuracy)}`,
  );
  lines.push(
    `Warm (${r.warm.share * 100}% of each user's rows learned, rest classified): top-1 ${pct(r.warm.accuracy)}   seeds ${r.warm.accuracyBySeed.map(pct).join(' ')}   by country: ${Object.entries(
      r.warm.byCountry,
    )
      .map(([c, a]) => `${c} ${pct(a)}`)
      .join(', ')}`,
  );
  lines.push(
    `Online (classify, then learn the true label, in order): top-1 ${pct(r.online.accuracy)}`,
  );
  lines.push(
    `Deductible flag of the predicted category agrees with the label: ${pct(r.deductibleFlag.cold)} cold, ${pct(r.deductibleFlag.warm)} warm`,
  );
  lines.push('');
  lines.push('Per class (cold → warm)            support   precision        recall');
  const warmByName = new Map(r.perClassWarm.map((s) => [s.category, s]));
  for (const s of r.perClassCold) {
    const w = warmByName.get(s.category);
    lines.push(
      `  ${s.category.padEnd(34)} ${String(s.support).padStart(5)}   ${pct(s.precision).padStart(6)} → ${w ? pct(w.precision).padStart(6) : '   n/a'}   ${pct(s.recall).padStart(6)} → ${w ? pct(w.recall).padStart(6) : '   n/a'}`,
    );
  }
  lines.push('');
  lines.push(`Calibration (${r.calibration.parameters.fittedOn})`);
  lines.push(`  weights ${JSON.stringify(r.calibration.parameters.weights)}`);
  lines.push(
    `  holdout half: ${r.calibration.holdout.count} predictions, ECE ${r.calibration.holdout.ece.toFixed(3)} (fit half ECE ${r.calibration.fit.ece.toFixed(3)})`,
  );
  lines.push('  confidence bin   count   mean confidence   accuracy');
  for (const b of r.calibration.holdout.bins) {
    if (!b.count) continue;
    lines.push(
      `  ${b.from.toFixed(1)}–${b.to.toFixed(1)}        ${String(b.count).padStart(5)}   ${b.meanConfidence.toFixed(3).padStart(15)}   ${pct(b.accuracy).padStart(8)}`,
    );
  }
  lines.push('');
  lines.push(
    `Throughput: 1,000 classifications in ${r.throughput.coldMsPer1000.toFixed(0)} ms cold, ${r.throughput.warmMsPer1000.toFixed(0)} ms warm (knowledge model built once in ${r.throughput.knowledgeBuildMs.toFixed(0)} ms)`,
  );
  return lines.join('\n');
}
