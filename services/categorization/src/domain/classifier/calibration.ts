import { CALIBRATION_PARAMETERS } from './calibration-parameters';

/**
 * Turns the blended model's raw numbers into a confidence that means what it says: of all
 * answers given at confidence 0.8, about 80% are right. A logistic (Platt) model over a few
 * signals of the prediction, fitted by tools/classifier-eval on the calibration half of the
 * labelled set and measured on the other half (see its README).
 */
export interface CalibrationSignals {
  /** Blended probability of the best category. */
  top: number;
  /** Its lead over the second best. */
  margin: number;
  /** Strength of a merchant-memory recall that agrees with the answer (0 when none). */
  memory: number;
  /** 1 when a known merchant of the knowledge base agrees with the answer. */
  merchant: number;
  /** Share of the description the keyword model knows. */
  known: number;
  /** Reliability of the user's own model (0 with no history). */
  user: number;
}

export const SIGNAL_NAMES = [
  'bias',
  'logitTop',
  'margin',
  'memory',
  'merchant',
  'known',
  'user',
] as const;

export interface CalibrationParameters {
  /** One weight per SIGNAL_NAMES entry. */
  weights: readonly number[];
  /** Where the weights came from (for the record). */
  fittedOn: string;
}

const EPSILON = 1e-4;

function logit(p: number): number {
  const q = Math.min(1 - EPSILON, Math.max(EPSILON, p));
  return Math.log(q / (1 - q));
}

export function signalVector(s: CalibrationSignals): number[] {
  return [1, logit(s.top), s.margin, s.memory, s.merchant, s.known, s.user];
}

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** The calibrated confidence (0..1, three decimals). */
export function calibrate(
  signals: CalibrationSignals,
  parameters: CalibrationParameters = CALIBRATION_PARAMETERS,
): number {
  const x = signalVector(signals);
  const z = x.reduce((sum, value, i) => sum + value * (parameters.weights[i] ?? 0), 0);
  return Math.round(sigmoid(z) * 1000) / 1000;
}

export interface CalibrationSample {
  signals: CalibrationSignals;
  correct: boolean;
}

/**
 * Fits the weights by L2-regularised logistic regression (Newton's method: a 7×7 system,
 * converges in a handful of steps). The weight on the top probability is kept ≥ 0, so a more
 * probable answer never gets a lower confidence.
 */
export function fitCalibration(
  samples: readonly CalibrationSample[],
  fittedOn: string,
  l2 = 1,
): CalibrationParameters {
  const n = SIGNAL_NAMES.length;
  const xs = samples.map((s) => signalVector(s.signals));
  const ys = samples.map((s) => (s.correct ? 1 : 0));
  let w = new Array<number>(n).fill(0);
  w[1] = 1;
  for (let iteration = 0; iteration < 50; iteration++) {
    const gradient = new Array<number>(n).fill(0);
    const hessian = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    xs.forEach((x, k) => {
      const p = sigmoid(x.reduce((sum, v, i) => sum + v * w[i], 0));
      const r = p * (1 - p);
      for (let i = 0; i < n; i++) {
        gradient[i] += (p - ys[k]) * x[i];
        for (let j = 0; j < n; j++) hessian[i][j] += r * x[i] * x[j];
      }
    });
    for (let i = 1; i < n; i++) {
      gradient[i] += l2 * w[i];
      hessian[i][i] += l2;
    }
    hessian[0][0] += 1e-6;
    const step = solve(hessian, gradient);
    const next = w.map((v, i) => v - step[i]);
    next[1] = Math.max(0, next[1]);
    const moved = Math.max(...next.map((v, i) => Math.abs(v - w[i])));
    w = next;
    if (moved < 1e-8) break;
  }
  return { weights: w.map((v) => Math.round(v * 10000) / 10000), fittedOn };
}

/** Gaussian elimination with partial pivoting (small dense systems only). */
function solve(matrix: number[][], vector: number[]): number[] {
  const n = vector.length;
  const a = matrix.map((row, i) => [...row, vector[i]]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    const div = a[col][col] || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const factor = a[r][col] / div;
      for (let c = col; c <= n; c++) a[r][c] -= factor * a[col][c];
    }
  }
  return a.map((row, i) => row[n] / (row[i] || 1e-12));
}

export interface ReliabilityBin {
  from: number;
  to: number;
  count: number;
  meanConfidence: number;
  accuracy: number;
}

/** Confidence bins against observed accuracy, and the expected calibration error (ECE). */
export function reliability(
  points: readonly { confidence: number; correct: boolean }[],
  bins = 10,
): { bins: ReliabilityBin[]; ece: number } {
  const table: ReliabilityBin[] = [];
  let ece = 0;
  for (let b = 0; b < bins; b++) {
    const from = b / bins;
    const to = (b + 1) / bins;
    const inBin = points.filter(
      (p) => p.confidence >= from && (b === bins - 1 ? p.confidence <= to : p.confidence < to),
    );
    if (!inBin.length) {
      table.push({ from, to, count: 0, meanConfidence: 0, accuracy: 0 });
      continue;
    }
    const meanConfidence = inBin.reduce((s, p) => s + p.confidence, 0) / inBin.length;
    const accuracy = inBin.filter((p) => p.correct).length / inBin.length;
    ece += (inBin.length / points.length) * Math.abs(meanConfidence - accuracy);
    table.push({ from, to, count: inBin.length, meanConfidence, accuracy });
  }
  return { bins: table, ece };
}
