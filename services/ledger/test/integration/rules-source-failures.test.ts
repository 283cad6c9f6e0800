import { AppError, createLogger, startGrpcServer, unary, type RunningGrpcServer } from '@pfs/kit';
import { AssignmentServiceService } from '@pfs/proto/categorization/v1/assignments';
import { RuleServiceService } from '@pfs/proto/categorization/v1/rules';
import { randomUUID } from 'node:crypto';
import { createRulesSource, type RulesSource } from '../../src/rules/source';

/**
 * Categorization failing while the ledger writes (its database connection cut under a query,
 * or a refusal): a failure to answer marks the record for catch-up instead of failing the
 * user's write; a verdict on the assignment is final. Real gRPC against a stand-in server.
 */
describe('rules source when categorization fails', () => {
  let server: RunningGrpcServer;
  let source: RulesSource;
  let listAnswer: () => unknown;
  let assignAnswer: () => unknown;
  const logger = createLogger('ledger-test', 'silent');
  const userId = randomUUID();

  beforeAll(async () => {
    const answering = (answer: () => unknown) => unary(async () => answer());
    server = await startGrpcServer({
      address: '127.0.0.1:0',
      logger,
      bindings: [
        {
          name: 'pfs.categorization.v1.RuleService',
          definition: RuleServiceService,
          implementation: { listActiveRules: answering(() => listAnswer()) },
        },
        {
          name: 'pfs.categorization.v1.AssignmentService',
          definition: AssignmentServiceService,
          implementation: { assignCategories: answering(() => assignAnswer()) },
        },
      ],
    });
    source = createRulesSource({ address: () => server.address, logger, deadlineMs: 2_000 });
  });
  afterAll(async () => {
    source.close();
    await server.shutdown(100);
  });

  const internal = () => {
    // What a pg error under the query becomes: an unexpected error, answered INTERNAL.
    throw new Error('terminating connection due to administrator command');
  };

  it('an internal error of the rules lookup leaves the record for catch-up (undefined), not a failed write', async () => {
    listAnswer = internal;
    await expect(source.rulesFor(userId, 'transactions')).resolves.toBeUndefined();
    listAnswer = () => ({ version: 3, unchanged: false, rules: [] });
    const set = await source.rulesFor(userId, 'transactions');
    expect(set).toBeDefined();
  });

  it('an internal error of an assignment asks for a retry; a refusal does not', async () => {
    const item = { ruleId: 'r1', categoryId: 'c1', primary: true };
    assignAnswer = internal;
    await expect(source.assign(userId, 't1', [item])).resolves.toBe(false);
    assignAnswer = () => {
      throw new AppError('NOT_FOUND', 'Category not found');
    };
    await expect(source.assign(userId, 't1', [item])).resolves.toBe(true);
  });
});
