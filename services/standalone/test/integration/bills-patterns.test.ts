import { createLogger, eventSubject, type EventEnvelope } from '@pfs/kit';
import type { Stack } from '../../src';
import { client, expectError, registerUser, setTier, type Api, type TestUser } from './harness';
import { eventually, startIsolatedStack } from './isolated-stack';

/**
 * Recurring bill patterns through the gateway: occurrences generated as recurring bills,
 * edits and deletion, route order (/api/bills/patterns… is never a bill id), suggestions on
 * a seeded statement with noise and their pattern.detected events, and the due-soon job
 * (made quick here) publishing bill.due_soon once per bill. A database of its own, so this
 * file's events and jobs are not taken by other files' stacks.
 */

let stack: Stack;
let close: () => Promise<void>;
let api: Api;
const events: EventEnvelope[] = [];

beforeAll(async () => {
  ({ stack, close } = await startIsolatedStack('stack_bill_patterns', {
    BILL_JOBS_POLL_MS: '100',
    BILL_DUE_SOON_EVERY_MS: '250',
    BILL_GENERATE_EVERY_MS: '250',
  }));
  api = client(stack);
  await stack.events.subscribe({
    consumer: 'bills-patterns-test',
    subjects: [eventSubject('bills', 'bill.due_soon'), eventSubject('bills', 'pattern.detected')],
    db: stack.services.bills.db,
    logger: createLogger('test', 'silent'),
    handler: async (event) => {
      events.push(event);
    },
  });
});
afterAll(() => close?.());

const DAY = 86_400_000;
const day = (offset = 0) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** The given day of the month `monthsBack` months ago (UTC). */
const monthsAgo = (monthsBack: number, dayOfMonth: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, dayOfMonth))
    .toISOString()
    .slice(0, 10);
};
const settle = (ms = 800) => new Promise((r) => setTimeout(r, ms));

async function newUser(): Promise<TestUser> {
  const user = await registerUser(api);
  await setTier(api, user.id, 'enterprise');
  return user;
}

const createPattern = (
  user: TestUser,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  api('POST', '/api/bills/patterns', {
    token: user.token,
    body: {
      name: 'Gym',
      amount: 20,
      frequency: 'monthly',
      interval: 1,
      startDate: day(1),
      ...body,
    },
    headers,
  });

const occurrences = async (user: TestUser, patternId: string) => {
  const res = await api('GET', `/api/bills?patternId=${patternId}&limit=200`, {
    token: user.token,
  });
  return res.body.bills as {
    id: string;
    dueDate: string;
    amount: number;
    recurring: boolean;
    paid: boolean;
    patternId: string | null;
  }[];
};

describe('patterns', () => {
  it('creates a pattern whose occurrences are recurring bills up to 90 days ahead', async () => {
    const user = await newUser();
    const categoryId = (await api('GET', '/api/categories', { token: user.token })).body
      .categories[0].id;
    const res = await createPattern(user, {
      name: 'Gym',
      amount: 20.5,
      startDate: day(1),
      categoryId,
      merchant: 'FITNESS FIRST',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      generated: expect.any(Number),
      pattern: {
        id: expect.any(String),
        name: 'Gym',
        amount: 20.5,
        frequency: 'monthly',
        interval: 1,
        startDate: day(1),
        endDate: null,
        categoryId,
        category: expect.objectContaining({ id: categoryId }),
        merchant: 'FITNESS FIRST',
        nextDueDate: day(1),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const bills = await occurrences(user, res.body.pattern.id);
    // Monthly from tomorrow, up to today + 90 days: 3 dates (4 when the span crosses a short February).
    expect(bills).toHaveLength(res.body.generated);
    expect([3, 4]).toContain(bills.length);
    expect(
      bills.every(
        (b) => b.recurring && !b.paid && b.amount === 20.5 && b.patternId === res.body.pattern.id,
      ),
    ).toBe(true);
    expect(bills[0].dueDate).toBe(day(1));
    const recurring = await api('GET', '/api/bills?recurring=true', { token: user.token });
    expect(recurring.body.pagination.total).toBe(bills.length);
    expect(recurring.body.bills[0].category.id).toBe(categoryId);
  });

  it('routes /api/bills/patterns, /suggestions and /settings before the {id} routes', async () => {
    const user = await newUser();
    const { body } = await createPattern(user, {});
    const list = await api('GET', '/api/bills/patterns', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.patterns.map((p: { id: string }) => p.id)).toEqual([body.pattern.id]);
    expect(list.body.pagination).toEqual({ page: 1, limit: 50, total: 1, pages: 1 });
    const suggestions = await api('GET', '/api/bills/patterns/suggestions', { token: user.token });
    expect(suggestions.status).toBe(200);
    expect(suggestions.body).toEqual({ success: true, suggestions: [] });
    expect((await api('GET', '/api/bills/settings', { token: user.token })).status).toBe(200);
    const one = await api('GET', `/api/bills/patterns/${body.pattern.id}`, { token: user.token });
    expect(one.body.pattern.id).toBe(body.pattern.id);
    // A pattern id is not a bill id.
    expectError(
      await api('GET', `/api/bills/${body.pattern.id}`, { token: user.token }),
      404,
      'NOT_FOUND',
    );
  });

  it('replaces future unpaid occurrences on edit, keeps paid ones, and deletes the rest with the pattern', async () => {
    const user = await newUser();
    const { body } = await createPattern(user, { name: 'Phone', amount: 50 });
    const id = body.pattern.id;
    const before = await occurrences(user, id);
    await api('POST', `/api/bills/${before[1].id}/pay`, { token: user.token });

    const renamed = await api('PATCH', `/api/bills/patterns/${id}`, {
      token: user.token,
      body: { amount: 55, name: 'Mobile' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ generated: 0, pattern: { amount: 55, name: 'Mobile' } });
    const afterRename = await occurrences(user, id);
    expect(afterRename.map((b) => [b.id, b.amount])).toEqual([
      [before[0].id, 55],
      [before[1].id, 50],
      [before[2].id, 55],
    ]);

    const weekly = await api('PATCH', `/api/bills/patterns/${id}`, {
      token: user.token,
      body: { frequency: 'weekly', startDate: day(2) },
    });
    expect(weekly.body.generated).toBeGreaterThanOrEqual(12);
    const afterReschedule = await occurrences(user, id);
    expect(afterReschedule.filter((b) => b.paid).map((b) => b.id)).toEqual([before[1].id]);
    expect(afterReschedule.filter((b) => !b.paid).map((b) => b.dueDate)[0]).toBe(day(2));
    expect(afterReschedule.some((b) => b.id === before[0].id)).toBe(false);

    const removed = await api('DELETE', `/api/bills/patterns/${id}`, { token: user.token });
    expect(removed.status).toBe(200);
    expect(removed.body.deletedOccurrences).toBe(afterReschedule.length - 1);
    expectError(
      await api('GET', `/api/bills/patterns/${id}`, { token: user.token }),
      404,
      'NOT_FOUND',
    );
    const kept = await api('GET', `/api/bills/${before[1].id}`, { token: user.token });
    expect(kept.body.bill).toMatchObject({ paid: true, recurring: true, patternId: null });
  });

  it('validates patterns, listing every field', async () => {
    const user = await newUser();
    const res = await createPattern(user, {
      name: '',
      amount: -1,
      frequency: 'daily',
      interval: 0,
      startDate: '2030-02-01',
      endDate: '2030-01-01',
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details.issues.map((i: { field: string }) => i.field).sort()).toEqual([
      'amount',
      'endDate',
      'frequency',
      'interval',
      'name',
    ]);
    for (const body of [
      { interval: 53 },
      { interval: 1.5 },
      { startDate: '2030-02-30' },
      { merchant: 'm'.repeat(201) },
      { frequency: 'Monthly' },
    ]) {
      expectError(await createPattern(user, body), 400, 'VALIDATION_ERROR');
    }
    const { body } = await createPattern(user, { startDate: '2030-03-01' });
    const badEnd = await api('PATCH', `/api/bills/patterns/${body.pattern.id}`, {
      token: user.token,
      body: { endDate: '2030-01-01' },
    });
    expectError(badEnd, 400, 'VALIDATION_ERROR');
    expect(badEnd.body.details.issues).toEqual([
      { field: 'endDate', message: 'must not be before startDate' },
    ]);
    const other = await newUser();
    const foreignCategory = (await api('GET', '/api/categories', { token: other.token })).body
      .categories[0].id;
    expectError(
      await createPattern(user, { categoryId: foreignCategory }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('hides other users’ patterns (404) and replays idempotent creates', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const first = await createPattern(owner, { name: 'Once' }, { 'idempotency-key': 'pattern-1' });
    const again = await createPattern(owner, { name: 'Once' }, { 'idempotency-key': 'pattern-1' });
    expect(again.body.pattern.id).toBe(first.body.pattern.id);
    expect(
      (await api('GET', '/api/bills/patterns', { token: owner.token })).body.pagination.total,
    ).toBe(1);
    const id = first.body.pattern.id;
    for (const target of [id, 'nope']) {
      const who = target === id ? stranger : owner;
      expectError(
        await api('GET', `/api/bills/patterns/${target}`, { token: who.token }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await api('PATCH', `/api/bills/patterns/${target}`, {
          token: who.token,
          body: { name: 'x' },
        }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await api('DELETE', `/api/bills/patterns/${target}`, { token: who.token }),
        404,
        'NOT_FOUND',
      );
    }
    expect((await api('GET', '/api/bills', { token: stranger.token })).body.bills).toEqual([]);
  });
});

describe('suggestions', () => {
  it('finds recurring payments in an imported statement with noise, and announces each once', async () => {
    const user = await newUser();
    const rows: string[] = [];
    for (let k = 8; k >= 1; k--) {
      if (k !== 5)
        rows.push(
          `${monthsAgo(k, 5)},VISA PURCHASE NETFLIX.COM 866-579,-${k > 4 ? '15.99' : '17.99'}`,
        );
      if (k <= 6) rows.push(`${monthsAgo(k, 20)},PAYPAL *SPOTIFY P1A2B3,-12.99`);
      rows.push(
        `${monthsAgo(k, 3 + ((k * 7) % 24))},AMAZON MKTPLC*${k}A,-${(10 + k * 13.37).toFixed(2)}`,
      );
      rows.push(
        `${monthsAgo(k, 1 + ((k * 11) % 27))},WOOLWORTHS ${1000 + k} SYDNEY,-${(40 + k * 9.1).toFixed(2)}`,
      );
    }
    rows.push(`${monthsAgo(3, 14)},JB HI-FI,-249.00`);
    const form = new FormData();
    form.append(
      'file',
      new Blob([`Date,Description,Amount\n${rows.join('\n')}\n`], { type: 'text/csv' }),
      'statement.csv',
    );
    const imported = await fetch(`${stack.url}/api/bank/transactions/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    expect(imported.status).toBe(201);

    const res = await api('GET', '/api/bills/patterns/suggestions', { token: user.token });
    expect(res.status).toBe(200);
    const suggestions = res.body.suggestions as {
      name: string;
      merchant: string;
      frequency: string;
      interval: number;
      amount: number;
      confidence: number;
      occurrences: number;
      nextDueDate: string;
      lastDate: string;
      transactionIds: string[];
    }[];
    expect(suggestions.map((s) => [s.name, s.frequency, s.interval, s.amount]).sort()).toEqual([
      ['Netflix', 'monthly', 1, 17.99],
      ['Spotify', 'monthly', 1, 12.99],
    ]);
    const netflix = suggestions.find((s) => s.name === 'Netflix')!;
    expect(netflix).toMatchObject({
      occurrences: 7,
      lastDate: monthsAgo(1, 5),
      merchant: 'VISA PURCHASE NETFLIX.COM 866-579',
    });
    expect(netflix.nextDueDate >= day(0)).toBe(true);
    expect(netflix.confidence).toBeGreaterThan(0.6);
    expect(netflix.confidence).toBeLessThanOrEqual(1);
    expect(netflix.transactionIds).toHaveLength(7);

    await api('GET', '/api/bills/patterns/suggestions', { token: user.token });
    const detected = () =>
      events.filter((e) => e.type === 'pattern.detected' && e.userId === user.id);
    await eventually(async () => detected().length === 2);
    await settle();
    expect(
      detected()
        .map((e) => (e.data as { name: string }).name)
        .sort(),
    ).toEqual(['Netflix', 'Spotify']);

    // A merchant with a pattern is no longer suggested.
    await createPattern(user, {
      name: 'Netflix',
      amount: 17.99,
      startDate: netflix.nextDueDate,
      merchant: 'NETFLIX.COM',
    });
    const after = await api('GET', '/api/bills/patterns/suggestions', { token: user.token });
    expect(after.body.suggestions.map((s: { name: string }) => s.name)).toEqual(['Spotify']);
  });
});

describe('due-soon reminders', () => {
  it('publishes bill.due_soon once per unpaid bill within the user’s window', async () => {
    const user = await newUser();
    const create = (name: string, dueDate: string) =>
      api('POST', '/api/bills', { token: user.token, body: { name, amount: 10, dueDate } }).then(
        (r) => r.body.bill.id as string,
      );
    const soon = await create('Soon', day(1));
    const later = await create('Later', day(10));
    // Outside the 3-day default window until it is paid: the job runs every 250 ms, so a bill
    // created unpaid inside the window could rightly be reminded of before the payment lands.
    // It comes inside once the window widens, below.
    const paid = await create('Paid', day(12));
    await api('POST', `/api/bills/${paid}/pay`, { token: user.token });

    const dueSoon = (billId: string) =>
      events.filter(
        (e) => e.type === 'bill.due_soon' && (e.data as { billId: string }).billId === billId,
      );
    await eventually(async () => dueSoon(soon).length > 0);
    // The job keeps running (every 250 ms here): still one event per bill.
    await settle(1_500);
    expect(dueSoon(soon)).toHaveLength(1);
    expect(dueSoon(soon)[0]).toMatchObject({
      userId: user.id,
      data: { name: 'Soon', amount: '10.00', dueDate: day(1), daysUntilDue: 1 },
    });
    expect(dueSoon(later)).toHaveLength(0);
    expect(dueSoon(paid)).toHaveLength(0);

    // A wider window brings the later bill in, once.
    await api('PUT', '/api/bills/settings', { token: user.token, body: { dueSoonDays: 14 } });
    await eventually(async () => dueSoon(later).length > 0);
    await settle(1_000);
    expect(dueSoon(later)).toHaveLength(1);
    expect(dueSoon(soon)).toHaveLength(1);
    // Paid, and now within the window: still no reminder.
    expect(dueSoon(paid)).toHaveLength(0);
  });
});
