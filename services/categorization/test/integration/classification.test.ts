import {
  AppError,
  createLogger,
  newId,
  ServiceClient,
  startGrpcServer,
  type RunningGrpcServer,
} from '@pfs/kit';
import {
  ClassificationServiceClient,
  type TaxProfile,
  type TransactionFacts,
} from '@pfs/proto/categorization/v1/classification';
import { createServer } from '../../src';
import { newUser, startHarness, type Harness } from './harness';

let h: Harness;
let classification: ServiceClient<ClassificationServiceClient>;
/** A second replica on the same database, with its own in-memory models. */
let replica: RunningGrpcServer;
let replicaClient: ServiceClient<ClassificationServiceClient>;

beforeAll(async () => {
  h = await startHarness();
  classification = new ServiceClient(
    'categorization',
    ClassificationServiceClient,
    h.server.address,
  );
  const logger = createLogger('categorization-replica', 'silent');
  replica = await startGrpcServer({
    bindings: createServer({ db: h.db, logger }),
    address: '127.0.0.1:0',
    logger,
  });
  replicaClient = new ServiceClient('categorization', ClassificationServiceClient, replica.address);
});

afterAll(async () => {
  classification?.close();
  replicaClient?.close();
  await replica?.shutdown(1_000);
  await h?.close();
});

const AU: TaxProfile = { countryCode: 'AU', businessType: 'individual' };

function facts(description: string, extra: Partial<TransactionFacts> = {}): TransactionFacts {
  return {
    id: newId(),
    description,
    amount: '24.50',
    type: 'debit',
    date: '2025-03-14',
    gstRate: '',
    gstAmount: '',
    gstIncluded: true,
    ...extra,
  };
}

async function categoryId(user: string, name: string): Promise<string> {
  const { categories } = await h.as(user).list({ limit: 200 });
  const found = categories.find((c) => c.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found.id;
}

const classify = (
  client: ServiceClient<ClassificationServiceClient>,
  user: string,
  transactions: TransactionFacts[],
) => client.call((c) => c.classify, { profile: AU, transactions }, { userId: user });

const label = (user: string, transactionId: string, description: string, categoryId: string) =>
  classification.call(
    (c) => c.recordLabels,
    { labels: [{ transactionId, description, amount: '24.50', type: 'debit', categoryId }] },
    { userId: user },
  );

describe('Classify', () => {
  it('answers from the knowledge base for a user with no history, provisioning their categories', async () => {
    const user = newUser();
    const { results } = await classify(classification, user, [
      facts('WOOLWORTHS 1234 SYDNEY NS'),
      facts('PAYPAL *NETFLIX'),
    ]);
    expect(results.map((r) => r.categoryName)).toEqual(['Groceries', 'Subscriptions & Streaming']);
    expect(results[0]).toMatchObject({
      source: 'knowledge_base',
      reasoning: "Merchant 'Woolworths' is a supermarket or grocer → Groceries",
    });
    expect(results[0].categoryId).toBe(await categoryId(user, 'Groceries'));
    expect(results[0].alternatives.length).toBeLessThanOrEqual(3);
  });

  it('learns a label at once, on every replica', async () => {
    const user = newUser();
    const entertainment = await categoryId(user, 'Entertainment');
    const before = (await classify(classification, user, [facts('SQ *PROUD MARY COLLINGWOOD')]))
      .results[0];
    expect(before.categoryId).not.toBe(entertainment);
    // Warm the replica's cache before the label, so it must notice the new version.
    await classify(replicaClient, user, [facts('SQ *PROUD MARY COLLINGWOOD')]);

    expect((await label(user, newId(), 'SQ *PROUD MARY COLLINGWOOD', entertainment)).recorded).toBe(
      1,
    );

    for (const client of [classification, replicaClient]) {
      const after = (await classify(client, user, [facts('SQ *PROUD MARY FITZROY')])).results[0];
      expect(after).toMatchObject({ categoryId: entertainment, source: 'user_label' });
      expect(after.reasoning).toBe("Matched your earlier label for 'PROUD MARY' (1 time)");
      expect(after.confidence).toBeGreaterThan(before.confidence);
    }
    const [row] = await h.db('classifier_labels').where({ user_id: user });
    expect(row).toMatchObject({
      merchant_key: 'PROUD MARY',
      category_id: entertainment,
      type: 'debit',
      amount: '24.50',
    });
  });

  it('a correction replaces the label; an empty category forgets it; a deleted category takes its labels', async () => {
    const user = newUser();
    const [shopping, dining] = [
      await categoryId(user, 'Shopping'),
      await categoryId(user, 'Dining Out'),
    ];
    const transactionId = newId();
    await label(user, transactionId, 'SQ *CORNER DELI', shopping);
    await label(user, transactionId, 'SQ *CORNER DELI', dining);
    expect(await h.db('classifier_labels').where({ user_id: user }).select('category_id')).toEqual([
      { category_id: dining },
    ]);
    expect(
      (await classify(classification, user, [facts('SQ *CORNER DELI')])).results[0].categoryId,
    ).toBe(dining);

    await label(user, transactionId, 'SQ *CORNER DELI', '');
    expect(await h.db('classifier_labels').where({ user_id: user })).toHaveLength(0);

    const custom = await h.as(user).create({ name: 'Deli runs' });
    await label(user, newId(), 'SQ *CORNER DELI', custom.id);
    expect(
      (await classify(classification, user, [facts('SQ *CORNER DELI')])).results[0].categoryId,
    ).toBe(custom.id);
    await h.as(user).remove(custom.id);
    expect(await h.db('classifier_labels').where({ user_id: user })).toHaveLength(0);
    const after = (await classify(classification, user, [facts('SQ *CORNER DELI')])).results[0];
    expect(after.categoryId).not.toBe(custom.id);
  });

  it('files an unseen merchant where the user filed others the knowledge knows as the same', async () => {
    const user = newUser();
    const site = await h.as(user).create({ name: 'Job 4471' });
    for (const description of [
      'BUNNINGS 1234 ALEXANDRIA',
      'MITRE 10 NEWTOWN',
      'TRADELINK PTY LTD',
      'REECE PLUMBING 0412',
    ])
      await label(user, newId(), description, site.id);
    const [result] = (
      await classify(classification, user, [facts('HOME TIMBER & HARDWARE CAMDEN')])
    ).results;
    expect(result).toMatchObject({ categoryId: site.id, source: 'knowledge_base' });
    expect(result.reasoning).toMatch(/ → Job 4471, where you filed others like it$/);
  });

  it("skips labels naming another user's category", async () => {
    const [alice, bob] = [newUser(), newUser()];
    const bobs = await categoryId(bob, 'Groceries');
    await categoryId(alice, 'Groceries');
    expect((await label(alice, newId(), 'SQ *CORNER DELI', bobs)).recorded).toBe(0);
    expect(await h.db('classifier_labels').where({ user_id: alice })).toHaveLength(0);
  });

  it('validates its input and needs a caller', async () => {
    const user = newUser();
    await expect(
      classification.call((c) => c.classify, { profile: AU, transactions: [] }, { userId: user }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(
      classification.call(
        (c) => c.classify,
        { profile: { countryCode: 'Australia', businessType: '' }, transactions: [facts('X')] },
        { userId: user },
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    const err = await classification
      .call(
        (c) => c.recordLabels,
        {
          labels: [
            { transactionId: 'nope', description: 'x', amount: '', type: 'debit', categoryId: '' },
          ],
        },
        { userId: user },
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).details?.issues).toEqual([
      { field: 'labels.0.transactionId', message: 'must be a UUID' },
    ]);
    await expect(
      classification.call((c) => c.classify, { profile: AU, transactions: [facts('X')] }, {}),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('AnalyzeTaxDeductions', () => {
  it('judges by the transaction’s category, or the classifier’s when it has none', async () => {
    const user = newUser();
    const phone = await categoryId(user, 'Phone & Internet');
    const { results } = await classification.call(
      (c) => c.analyzeTaxDeductions,
      {
        profile: AU,
        transactions: [
          facts('TELSTRA CORP LTD BPAY', { amount: '89.00', categoryId: phone }),
          facts('WOOLWORTHS 1234 SYDNEY', { amount: '50.00' }),
        ],
      },
      { userId: user },
    );
    expect(results[0]).toMatchObject({
      isTaxDeductible: true,
      businessUsePercentage: 50,
      taxCategory: 'D5: Other work-related expenses',
      categoryId: phone,
      deductibleAmount: '44.50',
    });
    expect(results[0].warnings.join(' ')).toMatch(/4-week diary/);
    expect(results[1]).toMatchObject({
      isTaxDeductible: false,
      categoryName: 'Groceries',
      deductibleAmount: '0.00',
    });
    expect(results[1].reasoning).toMatch(/^Classified as Groceries/);
  });
});
