import {
  AppError,
  buildEnvelope,
  createDb,
  createDeliveryHandler,
  createLogger,
  eventSubject,
  migrateSchema,
  newId,
  ServiceClient,
  startGrpcServer,
  type Knex,
  type RunningGrpcServer,
} from '@pfs/kit';
import { BillsServiceClient, type BillInput, type PatternInput } from '@pfs/proto/bills';
import { randomBytes } from 'node:crypto';
import { createServer, migrations, SCHEMA, type LedgerDebit, type LedgerReader } from '../../src';
import { AUTOPAY_CONSUMER, autopayHandler } from '../../src/events/autopay';
import { billJobs, DUE_SOON, GENERATE_OCCURRENCES, notifyDueSoon } from '../../src/jobs/bill-jobs';
import { generateAhead } from '../../src/occurrences';
import { JobRunner } from '../../src/jobs/runner';

/**
 * Real gRPC against real PostgreSQL, in a database of its own: the jobs under test work on
 * every user's rows of the schema, which other test files' stacks (same server, same `bills`
 * schema) would otherwise share. The clock is pinned and moved by the tests; the ledger is
 * a fake holding each user's debits.
 */
const base = process.env.TEST_DATABASE_URL;
if (!base)
  throw new Error('TEST_DATABASE_URL is not set (run through the integration jest project)');
const dbName = `bills_service_${randomBytes(4).toString('hex')}`;

let admin: Knex;
let db: Knex;
let server: RunningGrpcServer;
let client: ServiceClient<BillsServiceClient>;
const logger = createLogger('bills-test', 'silent');

let clock = new Date('2030-01-15T09:00:00Z');
const now = () => clock;
const setToday = (day: string, time = '09:00:00') => {
  clock = new Date(`${day}T${time}Z`);
};

const history = new Map<string, LedgerDebit[]>();
const ledger: LedgerReader = {
  async debits(userId, { from, to }) {
    return (history.get(userId) ?? [])
      .filter((t) => t.date.slice(0, 10) >= from && t.date.slice(0, 10) <= to)
      .sort((a, b) => a.date.localeCompare(b.date));
  },
};

const config = { BILL_HORIZON_DAYS: 90, BILL_DUE_SOON_DAYS: 3 };

beforeAll(async () => {
  admin = createDb({ connectionString: base, schema: 'public' });
  await admin.raw('CREATE DATABASE ??', [dbName]);
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  db = createDb({ connectionString: url.toString(), schema: SCHEMA, poolMax: 8 });
  await migrateSchema(db, SCHEMA, migrations);
  server = await startGrpcServer({
    bindings: createServer({ db, logger, config, ledger, now }),
    address: '127.0.0.1:0',
    logger,
  });
  client = new ServiceClient('bills', BillsServiceClient, server.address);
});

afterAll(async () => {
  client?.close();
  await server?.shutdown(1000);
  await db?.destroy();
  await admin?.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [dbName]);
  await admin?.destroy();
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected the call to fail');
}

type Client = BillsServiceClient;
const as = (userId: string) => ({
  createBill: (bill: Partial<BillInput>) =>
    client.call(
      (c: Client) => c.createBill,
      { bill: { name: 'Rent', amount: '1500.00', dueDate: '2030-02-01', ...bill } },
      { userId },
    ),
  getBill: (id: string) => client.call((c: Client) => c.getBill, { id }, { userId }),
  listBills: (filter: Record<string, unknown> = {}, page = { page: 1, limit: 50 }) =>
    client.call((c: Client) => c.listBills, { filter, page }, { userId }),
  updateBill: (id: string, patch: Record<string, unknown>) =>
    client.call(
      (c: Client) => c.updateBill,
      { id, patch: { clearCategoryId: false, clearNotes: false, clearMerchant: false, ...patch } },
      { userId },
    ),
  deleteBill: (id: string) => client.call((c: Client) => c.deleteBill, { id }, { userId }),
  payBill: (id: string, transactionId?: string) =>
    client.call((c: Client) => c.payBill, { id, transactionId }, { userId }),
  createPattern: (pattern: Partial<PatternInput>) =>
    client.call(
      (c: Client) => c.createPattern,
      {
        pattern: {
          name: 'Gym',
          amount: '20.00',
          frequency: 'monthly',
          interval: 1,
          startDate: '2030-01-31',
          ...pattern,
        },
      },
      { userId },
    ),
  getPattern: (id: string) => client.call((c: Client) => c.getPattern, { id }, { userId }),
  listPatterns: () =>
    client.call((c: Client) => c.listPatterns, { page: { page: 1, limit: 50 } }, { userId }),
  updatePattern: (id: string, patch: Record<string, unknown>) =>
    client.call(
      (c: Client) => c.updatePattern,
      {
        id,
        patch: { clearEndDate: false, clearCategoryId: false, clearMerchant: false, ...patch },
      },
      { userId },
    ),
  deletePattern: (id: string) => client.call((c: Client) => c.deletePattern, { id }, { userId }),
  suggestions: () => client.call((c: Client) => c.listPatternSuggestions, {}, { userId }),
  settings: () => client.call((c: Client) => c.getBillSettings, {}, { userId }),
  setSettings: (dueSoonDays: number) =>
    client.call((c: Client) => c.updateBillSettings, { settings: { dueSoonDays } }, { userId }),
});

const dueDates = async (userId: string, filter: Record<string, unknown> = {}) =>
  (await as(userId).listBills(filter, { page: 1, limit: 200 })).bills.map((b) => b.dueDate);

describe('bills', () => {
  const alice = as(newId());
  const bobId = newId();
  const bob = as(bobId);

  it('creates, reads, lists with filters, updates, pays and deletes', async () => {
    setToday('2030-01-15');
    const category = newId();
    const { bill } = await alice.createBill({
      name: ' Water ',
      amount: '80.5',
      categoryId: category,
      notes: '  keep  ',
    });
    expect(bill).toMatchObject({
      name: 'Water',
      amount: '80.50',
      dueDate: '2030-02-01',
      paid: false,
      recurring: false,
      categoryId: category,
      notes: '  keep  ',
    });
    expect((await alice.getBill(bill!.id)).bill).toEqual(bill);
    await alice.createBill({ name: 'Rates', dueDate: '2030-03-01' });
    await alice.createBill({ name: 'Insurance', dueDate: '2030-01-20' });

    const all = await alice.listBills();
    expect(all.bills.map((b) => b.name)).toEqual(['Insurance', 'Water', 'Rates']);
    expect(all.page).toMatchObject({ page: 1, limit: 50, total: '3', pages: 1 });
    expect(
      (await alice.listBills({ from: '2030-01-21', to: '2030-02-28' })).bills.map((b) => b.name),
    ).toEqual(['Water']);
    expect((await alice.listBills({ categoryId: category })).bills.map((b) => b.name)).toEqual([
      'Water',
    ]);
    const paged = await alice.listBills({}, { page: 2, limit: 2 });
    expect(paged.bills.map((b) => b.name)).toEqual(['Rates']);
    expect(paged.page).toMatchObject({ page: 2, limit: 2, total: '3', pages: 2 });

    const txId = newId();
    const paid = (await alice.payBill(bill!.id, txId.toUpperCase())).bill!;
    expect(paid).toMatchObject({ paid: true, transactionId: txId, paidAt: clock.toISOString() });
    expect((await failure(alice.payBill(bill!.id))).code).toBe('CONFLICT');
    expect((await alice.listBills({ paid: true })).bills.map((b) => b.name)).toEqual(['Water']);
    expect((await alice.listBills({ paid: false })).bills.map((b) => b.name)).toEqual([
      'Insurance',
      'Rates',
    ]);
    expect((await alice.listBills({ recurring: false })).bills).toHaveLength(3);

    const unpaid = (
      await alice.updateBill(bill!.id, { paid: false, clearNotes: true, amount: '81.00' })
    ).bill!;
    expect(unpaid).toMatchObject({ paid: false, amount: '81.00' });
    expect(unpaid.paidAt).toBeUndefined();
    expect(unpaid.transactionId).toBeUndefined();
    expect(unpaid.notes).toBeUndefined();
    const repaid = (await alice.updateBill(bill!.id, { paid: true })).bill!;
    expect(repaid.paid).toBe(true);
    expect(repaid.transactionId).toBeUndefined();

    await alice.deleteBill(bill!.id);
    expect((await failure(alice.getBill(bill!.id))).code).toBe('NOT_FOUND');
    expect((await failure(alice.deleteBill(bill!.id))).code).toBe('NOT_FOUND');
  });

  it('hides other users’ bills and answers malformed ids as not found', async () => {
    const { bill } = await alice.createBill({ name: 'Private' });
    for (const call of [
      bob.getBill(bill!.id),
      bob.updateBill(bill!.id, { name: 'Mine' }),
      bob.payBill(bill!.id),
      bob.deleteBill(bill!.id),
      alice.getBill('not-a-uuid'),
      alice.payBill('1234'),
    ]) {
      expect((await failure(call)).code).toBe('NOT_FOUND');
    }
    expect((await bob.listBills()).bills).toEqual([]);
    expect((await alice.getBill(bill!.id)).bill?.name).toBe('Private');
  });

  it('validates every field at once', async () => {
    const err = await failure(
      bob.createBill({
        name: ' ',
        amount: '-3',
        dueDate: '2030-02-30',
        notes: 'x'.repeat(5001),
        merchant: 'm'.repeat(201),
        categoryId: 'nope',
      }),
    );
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.details?.issues?.map((i) => i.field).sort()).toEqual([
      'amount',
      'categoryId',
      'dueDate',
      'merchant',
      'name',
      'notes',
    ]);
    expect((await failure(bob.createBill({ amount: '0' }))).details?.issues).toEqual([
      { field: 'amount', message: 'must be greater than 0' },
    ]);
    expect((await failure(bob.createBill({ amount: '1.234' }))).code).toBe('VALIDATION_ERROR');
    expect((await failure(bob.listBills({ from: '2030-02-01', to: '2030-01-01' }))).code).toBe(
      'VALIDATION_ERROR',
    );
  });

  it('links a transaction to one bill only', async () => {
    const tx = newId();
    const a = (await bob.createBill({ name: 'A' })).bill!;
    const b = (await bob.createBill({ name: 'B' })).bill!;
    await bob.payBill(a.id, tx);
    expect((await failure(bob.payBill(b.id, tx))).code).toBe('CONFLICT');
    expect((await bob.getBill(b.id)).bill?.paid).toBe(false);
    expect((await failure(bob.payBill(b.id, 'nope'))).code).toBe('VALIDATION_ERROR');
  });
});

describe('patterns and occurrences', () => {
  const userId = newId();
  const carol = as(userId);

  it('generates occurrences up to the horizon at once, clamping month ends', async () => {
    setToday('2030-01-15');
    const { pattern, generated } = await carol.createPattern({
      name: 'Gym',
      amount: '20',
      startDate: '2030-01-31',
      merchant: 'FITNESS FIRST',
    });
    expect(pattern).toMatchObject({
      frequency: 'monthly',
      interval: 1,
      startDate: '2030-01-31',
      nextDueDate: '2030-01-31',
      amount: '20.00',
    });
    // Horizon: 2030-01-15 + 90 days = 2030-04-15.
    expect(generated).toBe(3);
    const { bills } = await carol.listBills({ patternId: pattern!.id });
    expect(bills.map((b) => [b.dueDate, b.recurring, b.name, b.amount, b.merchant])).toEqual([
      ['2030-01-31', true, 'Gym', '20.00', 'FITNESS FIRST'],
      ['2030-02-28', true, 'Gym', '20.00', 'FITNESS FIRST'],
      ['2030-03-31', true, 'Gym', '20.00', 'FITNESS FIRST'],
    ]);
    expect((await carol.listBills({ recurring: true })).bills).toHaveLength(3);
  });

  it('does not create a backlog for a start date in the past, and respects the end date', async () => {
    setToday('2030-01-15');
    const { pattern } = await carol.createPattern({
      name: 'Paper',
      frequency: 'weekly',
      interval: 2,
      startDate: '2029-12-01',
      endDate: '2030-02-20',
    });
    expect(await dueDates(userId, { patternId: pattern!.id })).toEqual([
      '2030-01-26',
      '2030-02-09',
    ]);
  });

  it('validates patterns: every field, interval 1–52, end not before start', async () => {
    const err = await failure(
      carol.createPattern({
        name: '',
        amount: 'abc',
        frequency: 'daily',
        interval: 53,
        startDate: '2030-13-01',
      }),
    );
    expect(err.details?.issues?.map((i) => i.field).sort()).toEqual([
      'amount',
      'frequency',
      'interval',
      'name',
      'startDate',
    ]);
    const end = await failure(
      carol.createPattern({ startDate: '2030-03-01', endDate: '2030-02-01' }),
    );
    expect(end.details?.issues).toEqual([
      { field: 'endDate', message: 'must not be before startDate' },
    ]);
    const { pattern } = await carol.createPattern({ name: 'Edit me' });
    const patchEnd = await failure(carol.updatePattern(pattern!.id, { endDate: '2029-01-01' }));
    expect(patchEnd.code).toBe('VALIDATION_ERROR');
    expect((await failure(as(newId()).getPattern(pattern!.id))).code).toBe('NOT_FOUND');
    expect((await failure(as(newId()).updatePattern(pattern!.id, { name: 'x' }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await failure(as(newId()).deletePattern(pattern!.id))).code).toBe('NOT_FOUND');
    expect((await failure(carol.getPattern('zzz'))).code).toBe('NOT_FOUND');
  });

  it('editing a pattern replaces its future unpaid occurrences and keeps paid ones', async () => {
    setToday('2030-01-15');
    const { pattern } = await carol.createPattern({
      name: 'Phone',
      amount: '50',
      startDate: '2030-01-20',
    });
    const id = pattern!.id;
    const occurrences = (await carol.listBills({ patternId: id })).bills;
    expect(occurrences.map((b) => b.dueDate)).toEqual(['2030-01-20', '2030-02-20', '2030-03-20']);
    await carol.payBill(occurrences[1].id);

    // Same schedule: the future unpaid bills take the new amount in place.
    const amountOnly = await carol.updatePattern(id, { amount: '55' });
    expect(amountOnly.generated).toBe(0);
    const after = (await carol.listBills({ patternId: id })).bills;
    expect(after.map((b) => [b.id, b.amount])).toEqual([
      [occurrences[0].id, '55.00'],
      [occurrences[1].id, '50.00'],
      [occurrences[2].id, '55.00'],
    ]);

    // New schedule: unpaid future bills are replaced; the paid one stays.
    const moved = await carol.updatePattern(id, {
      startDate: '2030-01-25',
      frequency: 'fortnightly',
    });
    expect(moved.pattern).toMatchObject({ frequency: 'fortnightly', startDate: '2030-01-25' });
    const replaced = (await carol.listBills({ patternId: id })).bills;
    expect(replaced.map((b) => [b.dueDate, b.paid])).toEqual([
      ['2030-01-25', false],
      ['2030-02-08', false],
      ['2030-02-20', true],
      ['2030-02-22', false],
      ['2030-03-08', false],
      ['2030-03-22', false],
      ['2030-04-05', false],
    ]);
  });

  it('deleting a pattern deletes its future unpaid occurrences and keeps paid and past ones', async () => {
    setToday('2030-01-15');
    const { pattern } = await carol.createPattern({
      name: 'Water',
      amount: '30',
      frequency: 'weekly',
      startDate: '2030-01-16',
    });
    const bills = (await carol.listBills({ patternId: pattern!.id })).bills;
    await carol.payBill(bills[3].id);
    setToday('2030-02-01');
    const { deletedOccurrences } = await carol.deletePattern(pattern!.id);
    // 13 weekly dates to the horizon: 3 past (Jan 16, 23, 30), 1 paid, 9 future unpaid.
    expect(bills).toHaveLength(13);
    expect(deletedOccurrences).toBe(9);
    const kept = (await carol.listBills({ from: '2030-01-16', to: '2030-04-30' })).bills.filter(
      (b) => b.name === 'Water',
    );
    expect(kept.map((b) => [b.dueDate, b.paid, b.recurring, b.patternId])).toEqual([
      ['2030-01-16', false, true, undefined],
      ['2030-01-23', false, true, undefined],
      ['2030-01-30', false, true, undefined],
      ['2030-02-06', true, true, undefined],
    ]);
    expect((await failure(carol.getPattern(pattern!.id))).code).toBe('NOT_FOUND');
  });

  it('lists patterns with their next due date', async () => {
    setToday('2030-01-15');
    const dave = as(newId());
    await dave.createPattern({ name: 'A', startDate: '2030-01-10' });
    await dave.createPattern({ name: 'B', startDate: '2030-01-01', endDate: '2030-01-05' });
    const { patterns, page } = await dave.listPatterns();
    expect(patterns.map((p) => [p.name, p.nextDueDate])).toEqual([
      ['A', '2030-02-10'],
      ['B', undefined],
    ]);
    expect(page?.total).toBe('2');
  });
});

describe('background jobs with two replicas', () => {
  const runners: JobRunner[] = [];
  const replica = () => {
    const runner = new JobRunner({
      db,
      logger,
      now,
      jobs: billJobs(db, {
        horizonDays: 90,
        defaultDueSoonDays: 3,
        generateEveryMs: 60 * 60_000,
        dueSoonEveryMs: 24 * 60 * 60_000,
      }),
    });
    runners.push(runner);
    return runner;
  };
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
  });

  const jobRuns = async (name: string) =>
    Number(
      ((await db('jobs').where({ name }).first('runs')) as { runs: number } | undefined)?.runs ?? 0,
    );

  it('rolls the horizon forward: each date of each pattern exactly once, each run once', async () => {
    setToday('2031-01-01');
    const a = replica();
    const b = replica();
    const users = [newId(), newId(), newId()];
    const patternIds: string[] = [];
    for (const [i, userId] of users.entries()) {
      for (const frequency of ['weekly', 'monthly', 'quarterly']) {
        const { pattern } = await as(userId).createPattern({
          name: `P${i}`,
          frequency,
          startDate: '2031-01-03',
        });
        patternIds.push(pattern!.id);
      }
    }
    const runsBefore = await jobRuns(GENERATE_OCCURRENCES);
    // 60 simulated days, an hour at a time; both replicas poll at every step, concurrently.
    for (let hour = 0; hour < 24 * 60; hour += 6) {
      clock = new Date(Date.parse('2031-01-01T00:00:00Z') + hour * 3_600_000);
      const ran = await Promise.all([a.tick(), b.tick()]);
      expect(ran.flat().filter((n) => n === GENERATE_OCCURRENCES).length).toBeLessThanOrEqual(1);
    }
    // Every 6 h the hourly job was due: one run per step, never two.
    expect((await jobRuns(GENERATE_OCCURRENCES)) - runsBefore).toBe(240);

    const rows = (await db('bills')
      .whereIn('pattern_id', patternIds)
      .select('pattern_id', 'due_date')) as { pattern_id: string; due_date: string }[];
    const keys = rows.map((r) => `${r.pattern_id}:${r.due_date}`);
    expect(new Set(keys).size).toBe(keys.length);
    // On the last day (2031-03-01 18:00) the horizon reaches 2031-05-30.
    const weekly = rows
      .filter((r) => r.pattern_id === patternIds[0])
      .map((r) => r.due_date)
      .sort();
    expect(weekly[0]).toBe('2031-01-03');
    expect(weekly.at(-1)).toBe('2031-05-30');
    expect(weekly).toHaveLength(22);
    const quarterly = rows
      .filter((r) => r.pattern_id === patternIds[2])
      .map((r) => r.due_date)
      .sort();
    expect(quarterly).toEqual(['2031-01-03', '2031-04-03']);
  });

  it('publishes bill.due_soon once per bill, within each user’s window, whatever the replicas do', async () => {
    setToday('2032-06-01');
    const erin = newId();
    const frank = newId();
    await as(frank).setSettings(7);
    expect((await as(frank).settings()).settings?.dueSoonDays).toBe(7);
    expect((await as(erin).settings()).settings?.dueSoonDays).toBe(3);
    const eBills = [
      (await as(erin).createBill({ name: 'today', dueDate: '2032-06-01' })).bill!,
      (await as(erin).createBill({ name: 'in 3 days', dueDate: '2032-06-04' })).bill!,
      (await as(erin).createBill({ name: 'in 5 days', dueDate: '2032-06-06' })).bill!,
      (await as(erin).createBill({ name: 'yesterday', dueDate: '2032-05-31' })).bill!,
    ];
    const paidSoon = (await as(erin).createBill({ name: 'paid', dueDate: '2032-06-02' })).bill!;
    await as(erin).payBill(paidSoon.id);
    const fBills = [
      (await as(frank).createBill({ name: 'in 5 days', dueDate: '2032-06-06' })).bill!,
      (await as(frank).createBill({ name: 'in 8 days', dueDate: '2032-06-09' })).bill!,
    ];
    // Many bills at once, so the two replicas' runs really overlap.
    const many = newId();
    for (let i = 0; i < 60; i++)
      await as(many).createBill({ name: `bulk ${i}`, dueDate: '2032-06-02' });

    const events = async (userId: string) =>
      (await db('outbox').where({ type: 'bill.due_soon', user_id: userId }).select('payload')).map(
        (r: { payload: { billId: string; daysUntilDue: number; name: string } }) => r.payload,
      );

    // Make the due-soon job due on both replicas' next pass (as if a day had gone by).
    await db('jobs').where({ name: DUE_SOON }).update({ next_run_at: clock });
    const a = replica();
    const b = replica();
    const passes = [
      ...(await Promise.all([a.tick(), b.tick()])),
      ...(await Promise.all([b.tick(), a.tick()])),
    ];
    expect(passes.flat().filter((n) => n === DUE_SOON)).toHaveLength(1);

    expect((await events(erin)).map((e) => [e.name, e.daysUntilDue]).sort()).toEqual([
      ['in 3 days', 3],
      ['today', 0],
    ]);
    expect((await events(frank)).map((e) => e.billId)).toEqual([fBills[0].id]);
    const bulk = await events(many);
    expect(bulk).toHaveLength(60);
    expect(new Set(bulk.map((e) => e.billId)).size).toBe(60);

    // The next day: the job runs again; only the newly due bill is announced.
    setToday('2032-06-02');
    await db('jobs').where({ name: DUE_SOON }).update({ next_run_at: clock });
    await Promise.all([a.tick(), b.tick()]);
    expect((await events(erin)).map((e) => e.name).sort()).toEqual(['in 3 days', 'today']);
    setToday('2032-06-03');
    await db('jobs').where({ name: DUE_SOON }).update({ next_run_at: clock });
    await Promise.all([a.tick(), b.tick()]);
    expect((await events(erin)).map((e) => e.name).sort()).toEqual([
      'in 3 days',
      'in 5 days',
      'today',
    ]);
    expect((await events(frank)).map((e) => e.billId).sort()).toEqual(
      [fBills[0].id, fBills[1].id].sort(),
    );
    expect(eBills).toHaveLength(4);

    // Moving a bill's due date makes it eligible again (once) for its new date.
    await as(erin).updateBill(eBills[0].id, { dueDate: '2032-06-05' });
    await db('jobs').where({ name: DUE_SOON }).update({ next_run_at: clock });
    await Promise.all([a.tick(), b.tick()]);
    expect((await events(erin)).filter((e) => e.billId === eBills[0].id)).toHaveLength(2);
  });
});

describe('the jobs’ work itself, run concurrently without the job lease', () => {
  it('generates each occurrence once and announces each bill once even when two runs overlap', async () => {
    setToday('2034-01-01');
    const userId = newId();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const { pattern } = await as(userId).createPattern({
        name: `Sub ${i}`,
        frequency: 'weekly',
        startDate: '2034-01-02',
      });
      ids.push(pattern!.id);
    }
    // Forget what was generated so both runs have everything to do.
    await db('bills').whereIn('pattern_id', ids).delete();
    await db('bill_patterns').whereIn('id', ids).update({ generated_through: null });
    // (The runs also roll other tests' patterns forward: counts are compared with the table.)
    const count = async (table: string, where: Record<string, unknown> = {}) =>
      Number((await db(table).where(where).count<{ count: number }[]>({ count: '*' }))[0].count);
    const billsBefore = await count('bills');
    const [x, y] = await Promise.all([
      generateAhead(db, '2034-01-01', 90, 7),
      generateAhead(db, '2034-01-01', 90, 7),
    ]);
    // Every bill made was made by exactly one of the runs…
    expect(x.occurrences + y.occurrences).toBe((await count('bills')) - billsBefore);
    // …and each pattern has its 13 weekly dates (2034-01-02 … 2034-03-27), once.
    const mine = (await db('bills')
      .whereIn('pattern_id', ids)
      .select('pattern_id', 'due_date')) as { pattern_id: string; due_date: string }[];
    expect(mine).toHaveLength(30 * 13);
    expect(new Set(mine.map((r) => `${r.pattern_id}:${r.due_date}`)).size).toBe(30 * 13);

    const eventsBefore = await count('outbox', { type: 'bill.due_soon' });
    const [n1, n2] = await Promise.all([
      notifyDueSoon(db, new Date('2034-01-01T12:00:00Z'), 3, 5),
      notifyDueSoon(db, new Date('2034-01-01T12:00:00Z'), 3, 5),
    ]);
    expect(n1.notified + n2.notified).toBe(
      (await count('outbox', { type: 'bill.due_soon' })) - eventsBefore,
    );
    const events = await db('outbox')
      .where({ type: 'bill.due_soon', user_id: userId })
      .select('payload');
    expect(events).toHaveLength(30);
    expect(new Set(events.map((e: { payload: { billId: string } }) => e.payload.billId)).size).toBe(
      30,
    );
  });

  it('takes over a run whose runner died once its lease has run out', async () => {
    setToday('2034-02-01');
    const runner = new JobRunner({
      db,
      logger,
      now,
      leaseMs: 60_000,
      jobs: [{ name: 'probe', everyMs: 3_600_000, run: async () => 'ok' }],
    });
    await runner.trigger('probe');
    await db('jobs')
      .where({ name: 'probe' })
      .update({ locked_by: 'dead-replica', locked_until: new Date(clock.getTime() + 60_000) });
    expect(await runner.tick()).toEqual([]);
    clock = new Date(clock.getTime() + 61_000);
    expect(await runner.tick()).toEqual(['probe']);
    const row = (await db('jobs').where({ name: 'probe' }).first()) as {
      locked_by: string | null;
      next_run_at: Date;
    };
    expect(row.locked_by).toBeNull();
    expect(row.next_run_at.getTime()).toBe(clock.getTime() + 3_600_000);
    await runner.stop();
  });
});

describe('pattern suggestions', () => {
  const userId = newId();
  const gina = as(userId);
  const debit = (date: string, amount: string, merchant: string): LedgerDebit => ({
    id: newId(),
    date: `${date}T00:00:00.000Z`,
    amount,
    merchant,
    description: merchant,
  });

  beforeAll(() => {
    const rows: LedgerDebit[] = [];
    const months = ['2032-01', '2032-02', '2032-03', '2032-05', '2032-06', '2032-07', '2032-08'];
    for (const [i, m] of months.entries()) {
      rows.push(
        debit(`${m}-0${3 + (i % 3)}`, i < 4 ? '15.99' : '17.99', i % 2 ? 'NETFLIX.COM' : 'Netflix'),
      );
      rows.push(debit(`${m}-12`, '9.99', 'AMAZON PRIME*X1Y2'));
      rows.push(
        debit(
          `${m}-${[10, 27, 13, 19, 18, 25, 14][i]}`,
          ['35.50', '120.00', '18.20', '64.00', '230.00', '12.99', '89.00'][i],
          'AMAZON MKTPLC',
        ),
      );
    }
    rows.push(debit('2032-04-20', '250.00', 'JB HI-FI'));
    history.set(userId, rows);
  });

  it('suggests the recurring payments, best first, and announces each once', async () => {
    setToday('2032-08-20');
    const { suggestions } = await gina.suggestions();
    expect(suggestions.map((s) => [s.name, s.frequency, s.interval, s.amount])).toEqual(
      expect.arrayContaining([
        ['Netflix', 'monthly', 1, '17.99'],
        ['Amazon Prime', 'monthly', 1, '9.99'],
      ]),
    );
    expect(suggestions).toHaveLength(2);
    const netflix = suggestions.find((s) => s.name === 'Netflix')!;
    expect(netflix).toMatchObject({
      occurrences: 7,
      lastDate: expect.stringMatching(/^2032-08-0/),
      nextDueDate: expect.stringMatching(/^2032-09-0/),
    });
    expect(Number(netflix.confidence)).toBeGreaterThan(0.6);
    expect(netflix.transactionIds).toHaveLength(7);

    const detected = async () =>
      (
        await db('outbox').where({ type: 'pattern.detected', user_id: userId }).select('payload')
      ).map((r: { payload: { name: string } }) => r.payload.name);
    expect((await detected()).sort()).toEqual(['Amazon Prime', 'Netflix']);
    await gina.suggestions();
    await Promise.all([gina.suggestions(), gina.suggestions()]);
    expect(await detected()).toHaveLength(2);
  });

  it('leaves out merchants that already have a pattern', async () => {
    setToday('2032-08-20');
    await gina.createPattern({
      name: 'Netflix',
      amount: '17.99',
      startDate: '2032-09-04',
      merchant: 'NETFLIX.COM',
    });
    const { suggestions } = await gina.suggestions();
    expect(suggestions.map((s) => s.name)).toEqual(['Amazon Prime']);
  });

  it('suggests nothing for a user without history', async () => {
    expect((await as(newId()).suggestions()).suggestions).toEqual([]);
  });
});

describe('autopay', () => {
  const userId = newId();
  const henry = as(userId);
  // What kit's subscribe() runs for each delivery: the inbox claim and the handler, in one transaction.
  let handler: ReturnType<typeof createDeliveryHandler> | undefined;
  const deliver = async (type: string, data: unknown, id?: string) => {
    handler ??= createDeliveryHandler({
      consumer: AUTOPAY_CONSUMER,
      subjects: [],
      db,
      logger,
      handler: autopayHandler({ ledger, logger, now }),
    });
    const event = buildEnvelope('ledger', { type, userId, data, id });
    expect(
      await handler.handle({ subject: eventSubject('ledger', type), event, attempt: 1 }),
    ).toEqual({ action: 'ack' });
    return event.id;
  };

  it('pays the matching unpaid bill once, from transaction.created', async () => {
    setToday('2033-03-01');
    const internet = (
      await henry.createBill({
        name: 'Internet',
        amount: '79.00',
        dueDate: '2033-03-05',
        merchant: 'AUSSIE BROADBAND',
      })
    ).bill!;
    const other = (
      await henry.createBill({
        name: 'Internet',
        amount: '79.00',
        dueDate: '2033-04-05',
        merchant: 'AUSSIE BROADBAND',
      })
    ).bill!;
    const txId = newId();
    const data = {
      id: txId,
      date: '2033-03-06T00:00:00.000Z',
      amount: '79.95',
      type: 'debit',
      description: 'AUSSIE BROADBAND 0123',
      merchant: null,
    };
    const eventId = await deliver('transaction.created', data);
    const paid = (await henry.getBill(internet.id)).bill!;
    expect(paid).toMatchObject({ paid: true, transactionId: txId });
    expect((await henry.getBill(other.id)).bill?.paid).toBe(false);
    // A redelivery of the same event changes nothing; a second event with the same transaction neither.
    await deliver('transaction.created', data, eventId);
    await deliver('transaction.created', data);
    expect((await henry.listBills({ paid: true })).bills).toHaveLength(1);
    // Credits and far-away dates pay nothing.
    await deliver('transaction.created', {
      ...data,
      id: newId(),
      type: 'credit',
      date: '2033-04-05T00:00:00Z',
    });
    await deliver('transaction.created', { ...data, id: newId(), date: '2033-04-20T00:00:00Z' });
    expect((await henry.getBill(other.id)).bill?.paid).toBe(false);
  });

  it('pays from transaction.imported, reading the rows from the ledger', async () => {
    setToday('2033-05-01');
    const power = (
      await henry.createBill({ name: 'Origin Energy', amount: '212.40', dueDate: '2033-05-10' })
    ).bill!;
    const rows = [
      {
        id: newId(),
        date: '2033-05-09T00:00:00.000Z',
        amount: '220.00',
        merchant: 'ORIGIN ENERGY PTY LTD',
        description: 'x',
      },
      {
        id: newId(),
        date: '2033-05-09T00:00:00.000Z',
        amount: '12.00',
        merchant: 'CAFE',
        description: 'x',
      },
    ];
    history.set(userId, [...(history.get(userId) ?? []), ...rows]);
    await deliver('transaction.imported', {
      importId: newId(),
      imported: 2,
      duplicates: 0,
      skipped: 0,
      transactionIds: rows.map((r) => r.id),
    });
    expect((await henry.getBill(power.id)).bill).toMatchObject({
      paid: true,
      transactionId: rows[0].id,
    });
  });
});
