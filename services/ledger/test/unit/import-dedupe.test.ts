import {
  decideRow,
  knownOf,
  qualifiedExternalId,
  type Existing,
  type KnownRow,
} from '../../src/domain/import/dedupe';
import {
  comparableText,
  importFingerprint,
  OccurrenceCounter,
  rowKey,
} from '../../src/domain/import/fingerprint';
import type { ParsedRow, RowOutcome } from '../../src/domain/import/types';
import { forEachBatch, tallyBatch, type BatchItem } from '../../src/import-runner';

const row = (overrides: Partial<ParsedRow> = {}): ParsedRow => ({
  line: 2,
  date: '2025-03-14',
  description: 'EFTPOS THE COFFEE CLUB  SYDNEY',
  amount: '4.50',
  type: 'debit',
  merchant: null,
  externalId: null,
  account: null,
  ...overrides,
});

describe('row fingerprints', () => {
  it('ignore case, spacing and punctuation of the description', () => {
    expect(comparableText('  EFTPOS  The Coffee-Club, SYDNEY ')).toBe(
      'eftpos the coffee club sydney',
    );
    expect(rowKey(row())).toBe(
      rowKey(row({ description: 'eftpos the coffee club sydney', line: 9 })),
    );
  });

  it('differ by date, amount, direction, description and account', () => {
    const key = rowKey(row());
    for (const other of [
      row({ date: '2025-03-15' }),
      row({ amount: '4.60' }),
      row({ type: 'credit' }),
      row({ description: 'THE COFFEE CLUB MELBOURNE' }),
      row({ account: '12345678' }),
    ]) {
      expect(rowKey(other)).not.toBe(key);
    }
  });

  it('number identical rows of a file, so each occurrence has its own fingerprint', () => {
    const counter = new OccurrenceCounter();
    const key = rowKey(row());
    const [first, second] = [counter.next(key), counter.next(key)];
    expect([first, second, counter.next(rowKey(row({ amount: '5.00' })))]).toEqual([1, 2, 1]);
    const a = importFingerprint(key, first);
    const b = importFingerprint(key, second);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
    expect(importFingerprint(key, 2)).toBe(b); // stable: the next import of the file computes the same
  });
});

async function* batches(outcomes: RowOutcome[], size: number): AsyncGenerator<RowOutcome[]> {
  for (let i = 0; i < outcomes.length; i += size) yield outcomes.slice(i, i + size);
}

describe('forEachBatch', () => {
  const outcomes = (): RowOutcome[] => [
    { status: 'row', row: row({ line: 2 }) },
    { status: 'row', row: row({ line: 3 }) },
    { status: 'error', line: 4, error: 'date: missing' },
    { status: 'skipped', line: 5, reason: 'zero amount' },
    { status: 'row', row: row({ line: 6, amount: '9.99' }) },
  ];

  it('hands rows to the sink in numbered batches, with their fingerprints', async () => {
    const seen: { lines: number[]; batchNo: number }[] = [];
    const fingerprints: string[] = [];
    const total = await forEachBatch(
      batches(outcomes(), 2),
      { batchRows: 2 },
      async (batch, batchNo) => {
        seen.push({ lines: batch.map((b) => (b.status === 'row' ? b.row.line : b.line)), batchNo });
        for (const b of batch) if (b.status === 'row') fingerprints.push(b.row.fingerprint);
      },
    );
    expect(total).toBe(5);
    expect(seen).toEqual([
      { lines: [2, 3], batchNo: 0 },
      { lines: [4, 5], batchNo: 1 },
      { lines: [6], batchNo: 2 },
    ]);
    expect(new Set(fingerprints).size).toBe(3); // the two identical coffees differ by occurrence
  });

  it('leaves out batches already committed, numbering occurrences as in a full run', async () => {
    const full: string[] = [];
    await forEachBatch(batches(outcomes(), 5), { batchRows: 1 }, async (batch) => {
      for (const b of batch) if (b.status === 'row') full.push(b.row.fingerprint);
    });
    const resumed: string[] = [];
    const written: number[] = [];
    await forEachBatch(
      batches(outcomes(), 5),
      { batchRows: 1, done: new Set([0, 3]) },
      async (batch, batchNo) => {
        written.push(batchNo);
        for (const b of batch) if (b.status === 'row') resumed.push(b.row.fingerprint);
      },
    );
    expect(written).toEqual([1, 2, 4]);
    expect(resumed).toEqual(full.slice(1)); // the second coffee keeps occurrence 2
  });

  it('writes up to `concurrency` batches at once, and lets them settle before failing', async () => {
    let running = 0;
    let most = 0;
    const many: RowOutcome[] = Array.from({ length: 10 }, (_, i) => ({
      status: 'row',
      row: row({ line: i + 2, amount: `${i + 1}.00` }),
    }));
    for (const concurrency of [1, 2]) {
      most = 0;
      await forEachBatch(batches(many, 3), { batchRows: 1, concurrency }, async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 3));
        running--;
      });
      expect(most).toBe(concurrency);
    }

    await expect(
      forEachBatch(batches(many, 3), { batchRows: 1, concurrency: 2 }, async (batch) => {
        running++;
        await new Promise((r) => setTimeout(r, 3));
        running--;
        if ((batch[0] as { row: ParsedRow }).row.line === 4) throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(running).toBe(0);
  });

  it('tallies a batch: duplicates are rows not inserted, errors are skipped rows too', () => {
    const batch: BatchItem[] = [
      { status: 'row', row: { ...row(), id: 'a', fingerprint: 'f1' }, occurrence: 1 },
      { status: 'row', row: { ...row(), id: 'b', fingerprint: 'f2' }, occurrence: 2 },
      { status: 'error', line: 4, error: 'bad' },
      { status: 'error', line: 5, error: 'worse' },
      { status: 'skipped', line: 6, reason: 'zero amount' },
    ];
    expect(tallyBatch(batch, 1, 1)).toEqual({
      processed: 5,
      imported: 1,
      duplicates: 1,
      skipped: 3,
      errorCount: 2,
      errors: [{ line: 4, error: 'bad' }],
    });
  });
});

describe('OccurrenceCounter at scale', () => {
  it('counts exactly across table growth, as a Map would', () => {
    const counter = new OccurrenceCounter();
    const reference = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      // Every 7th key repeats an earlier one; a few repeat thousands of times.
      const n = i % 7 === 0 ? Math.floor(i / 3) : i % 1000 === 1 ? 1 : i;
      const key = rowKey(row({ description: `ROW ${n}` }));
      const expected = (reference.get(key) ?? 0) + 1;
      reference.set(key, expected);
      expect(counter.next(key)).toBe(expected);
    }
  });

  it('keeps counting past 4095 identical rows', () => {
    const counter = new OccurrenceCounter();
    const key = rowKey(row());
    let last = 0;
    for (let i = 0; i < 5000; i++) last = counter.next(key);
    expect(last).toBe(5000);
  });
});

describe('decideRow', () => {
  const known = (o: Partial<KnownRow> = {}): KnownRow => ({
    id: 'T1',
    date: '2025-03-14',
    amount: '4.50',
    type: 'debit',
    externalId: 'FIT1',
    ...o,
  });
  const prepared = (o: Partial<ParsedRow> = {}) => ({
    ...row({ externalId: 'FIT1', ...o }),
    fingerprint: 'fp',
  });
  const none = (): Existing => ({ byFingerprint: new Map(), byExternalId: new Map() });
  const withId = (k: KnownRow): Existing => ({
    byFingerprint: new Map(),
    byExternalId: new Map([[k.externalId!, k]]),
  });

  it('a bank id with the same date, direction and amount is a duplicate, whatever the name', () => {
    const d = decideRow(prepared({ description: 'RENAMED' }), withId(known()), new Map());
    expect(d).toMatchObject({ kind: 'duplicate', of: { id: 'T1' } });
    expect(decideRow(prepared({ amount: '4.5' }), withId(known()), new Map()).kind).toBe(
      'duplicate',
    );
  });

  it('a bank id reused with another amount, date or direction is imported with a warning', () => {
    for (const other of [
      { amount: '80.00' },
      { date: '2025-03-15' },
      { type: 'credit' as const },
    ]) {
      const d = decideRow(prepared(other), withId(known()), new Map());
      expect(d.kind).toBe('reused');
      if (d.kind !== 'reused') continue;
      expect(d.externalId).toBe(qualifiedExternalId(prepared(other)));
      expect(d.warning).toMatch(/the bank's id "FIT1" is also used by transaction T1/);
    }
    expect(qualifiedExternalId(prepared({ amount: '80.00' }))).toBe('FIT1#2025-03-14#-80.00');
  });

  it('the qualified id, once stored, makes the reused row a duplicate next time', () => {
    const first = known();
    const garage = known({ id: 'T2', amount: '80.00', externalId: 'FIT1#2025-03-14#-80.00' });
    const existing: Existing = {
      byFingerprint: new Map(),
      byExternalId: new Map([
        ['FIT1', first],
        [garage.externalId!, garage],
      ]),
    };
    expect(decideRow(prepared({ amount: '80.00' }), existing, new Map())).toMatchObject({
      kind: 'duplicate',
      of: { id: 'T2' },
    });
  });

  it('earlier rows of the file count, named by line', () => {
    const inFile = new Map([['FIT1', knownOf(prepared({ line: 3 }), 'FIT1', true)]]);
    expect(decideRow(prepared({ line: 7 }), none(), inFile)).toMatchObject({
      kind: 'duplicate',
      reason: "repeats the bank's id of line 3 of this file",
    });
    expect(decideRow(prepared({ line: 7, amount: '9.00' }), none(), inFile)).toMatchObject({
      kind: 'reused',
      warning: expect.stringContaining('line 3 of this file'),
    });
  });

  it('rows without a bank id are matched by fingerprint only', () => {
    const existing: Existing = {
      byFingerprint: new Map([['fp', known({ externalId: null })]]),
      byExternalId: new Map(),
    };
    expect(decideRow(prepared({ externalId: null }), existing, new Map()).kind).toBe('duplicate');
    expect(decideRow(prepared({ externalId: null }), none(), new Map()).kind).toBe('new');
  });
});
