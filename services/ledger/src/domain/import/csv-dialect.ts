export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

export function isDelimiter(value: string): value is Delimiter {
  return (DELIMITERS as readonly string[]).includes(value);
}

/** Excel's first-line hint: "sep=;". */
const SEP_HINT = /^sep=(.)\s*$/i;

export interface Dialect {
  delimiter: Delimiter;
  /** True when the first line is Excel's "sep=" hint, which is not data. */
  sepHintLine: boolean;
}

/** How often `delimiter` occurs outside double quotes on one line. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let inQuotes = false;
  let count = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (c === delimiter && !inQuotes) count++;
  }
  return count;
}

/**
 * The delimiter of a CSV from its first lines: the candidate that splits the most lines into
 * the same number of fields (a preamble of a few odd lines does not matter); more fields wins
 * a tie, so decimal commas in a semicolon file do not pass for the delimiter.
 */
export function detectDialect(sample: string): Dialect | undefined {
  const lines = sample.split('\n');
  // The last line of a sample may be cut off; use it only when it is the whole file.
  if (lines.length > 1) lines.pop();
  const nonEmpty = lines.filter((l) => l.trim()).slice(0, 60);
  const hint = nonEmpty.length ? SEP_HINT.exec(nonEmpty[0]) : null;
  if (hint && isDelimiter(hint[1])) return { delimiter: hint[1], sepHintLine: true };
  if (!nonEmpty.length && sample.trim()) nonEmpty.push(sample);

  // Commas only ever between digits are decimal commas, not delimiters, when another
  // candidate splits the lines as well.
  const commasInNumbers = nonEmpty.every((l) => !/[^\d],|,[^\d]|^,|,$/.test(l));
  let best: { delimiter: Delimiter; frequency: number; fields: number } | undefined;
  for (const delimiter of DELIMITERS) {
    const counts = new Map<number, number>();
    for (const line of nonEmpty) {
      const n = countOutsideQuotes(line, delimiter);
      if (n > 0) counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    let mode = 0;
    let frequency = 0;
    for (const [n, f] of counts) {
      if (f > frequency || (f === frequency && n > mode)) {
        mode = n;
        frequency = f;
      }
    }
    // A lone comma in a line of prose is no column.
    if (!mode || (nonEmpty.length > 1 && frequency < 2)) continue;
    if (
      !best ||
      frequency > best.frequency ||
      (frequency === best.frequency && mode > best.fields) ||
      (frequency === best.frequency &&
        mode === best.fields &&
        best.delimiter === ',' &&
        commasInNumbers)
    ) {
      best = { delimiter, frequency, fields: mode };
    }
  }
  return best && { delimiter: best.delimiter, sepHintLine: false };
}
