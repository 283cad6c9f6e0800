import {
  AppError,
  applyRules,
  categoryIdsOf,
  compileRules,
  createOutbox,
  newId,
  normalizePage,
  pageInfo,
  RULE_LIMITS,
  ruleToMessage,
  ServiceClient,
  unary,
  validateRule,
  type GrpcServiceBinding,
  type Knex,
  type Logger,
  type Rule,
  type RuleRecord,
  type RuleTarget,
} from '@pfs/kit';
import {
  RuleServiceService,
  RuleTargetServiceClient,
  type ApplyRulesResponse,
  type RuleChange,
  type RuleServiceServer,
} from '@pfs/proto/categorization/v1/rules';
import { mergeRulePatch, parseRuleJson, parseTarget } from './domain/rules';
import { findCategories } from './store/categories';
import {
  activeRules,
  allRules,
  deleteRule,
  findRule,
  insertRule,
  listRules,
  rulesVersion,
  updateRule,
} from './store/rules';

export const RULE_SERVICE_NAME = 'pfs.categorization.v1.RuleService';
export const RULE_EXECUTED = 'rule.executed';

/** Categorization's outbox ('categorization' is its schema and subject token). */
export const categorizationOutbox = createOutbox('categorization');

/**
 * Where each target's records live: the address of a service implementing RuleTargetService
 * (ledger: transactions, expenses; bills: bills, patterns). Functions, so the embedded stack
 * can hand over addresses of services that start later.
 */
export interface RuleTargetAddresses {
  ledger?: () => string | undefined;
  bills?: () => string | undefined;
}

export interface RulesDeps {
  db: Knex;
  logger: Logger;
  targets?: RuleTargetAddresses;
}

/** Targets whose owner implements RuleTargetService (the ledger's and bills'). */
const RUNNABLE_TARGETS: RuleTarget[] = ['transactions', 'expenses', 'bills', 'patterns'];

const OWNER: Record<RuleTarget, keyof RuleTargetAddresses> = {
  transactions: 'ledger',
  expenses: 'ledger',
  bills: 'bills',
  patterns: 'bills',
};

/** A whole run over 100,000 records takes seconds; a dry run is small. */
const RUN_DEADLINE_MS = 120_000;
const TEST_DEADLINE_MS = 15_000;

function notFound(): AppError {
  return AppError.notFound('Rule');
}

export function createRuleBinding({ db, logger, targets = {} }: RulesDeps): GrpcServiceBinding {
  const log = logger.child({ component: 'rules' });
  const clients = new Map<string, ServiceClient<RuleTargetServiceClient>>();

  function targetClient(target: RuleTarget): ServiceClient<RuleTargetServiceClient> {
    const owner = OWNER[target];
    const address = targets[owner]?.();
    if (!address)
      throw new AppError('SERVICE_UNAVAILABLE', `The ${owner} service is unavailable`, {
        service: owner,
      });
    let client = clients.get(address);
    if (!client) {
      client = new ServiceClient(owner, RuleTargetServiceClient, address);
      clients.set(address, client);
    }
    return client;
  }

  /** setCategory/addCategory must name the user's own categories. */
  async function checkCategories(userId: string, rule: Pick<Rule, 'actions'>): Promise<void> {
    const ids = categoryIdsOf(rule);
    if (!ids.length) return;
    const found = new Set((await findCategories(db, userId, ids)).map((c) => c.id));
    const issues = rule.actions.flatMap((a, i) =>
      (a.type === 'setCategory' || a.type === 'addCategory') && !found.has(a.value as string)
        ? [{ field: `actions.${i}.value`, message: 'is not one of your categories' }]
        : [],
    );
    if (issues.length) throw AppError.validation(issues);
  }

  const implementation: RuleServiceServer = {
    listRules: unary(async (request, { userId }) => {
      const page = normalizePage(request.page);
      const appliesTo = parseTarget(request.appliesTo, 'appliesTo');
      const { rules, total } = await listRules(db, userId, page, appliesTo);
      const info = pageInfo(page, total);
      return { rules: rules.map(ruleToMessage), page: { ...info, total: String(info.total) } };
    }),

    getRule: unary(async (request, { userId }) => {
      const rule = await findRule(db, userId, request.id);
      if (!rule) throw notFound();
      return { rule: ruleToMessage(rule) };
    }),

    createRule: unary(async (request, { userId }) => {
      const def = validateRule(parseRuleJson(request.rule?.json));
      await checkCategories(userId, def);
      const rule = await insertRule(db, userId, def, RULE_LIMITS.rulesPerUser);
      if (!rule)
        throw AppError.validation(
          [{ field: 'rules', message: `at most ${RULE_LIMITS.rulesPerUser} rules per user` }],
          'Rule limit reached',
        );
      log.debug({ ruleId: rule.id }, 'rule created');
      return { rule: ruleToMessage(rule) };
    }),

    updateRule: unary(async (request, { userId }) => {
      const patch = parseRuleJson(request.patch?.json);
      const rule = await updateRule(db, userId, request.id, async (current) => {
        const def = mergeRulePatch(current, patch);
        await checkCategories(userId, def);
        return def;
      });
      if (!rule) throw notFound();
      return { rule: ruleToMessage(rule) };
    }),

    deleteRule: unary(async (request, { userId }) => {
      if (!(await deleteRule(db, userId, request.id))) throw notFound();
      return {};
    }),

    listActiveRules: unary(async (request, { userId }) => {
      const target = parseTarget(request.appliesTo, 'appliesTo') ?? 'transactions';
      if (request.knownVersion !== undefined) {
        const version = await rulesVersion(db, userId);
        if (version === request.knownVersion) return { rules: [], version, unchanged: true };
      }
      const { rules, version } = await activeRules(db, userId, target);
      return { rules: rules.map(ruleToMessage), version, unchanged: false };
    }),

    testRule: unary(async (request, { userId }) => {
      const rule = await findRule(db, userId, request.id);
      if (!rule) throw notFound();
      const target = parseTarget(request.target) ?? rule.appliesTo[0] ?? 'transactions';
      const limit = request.limit ?? 100;
      if (!Number.isInteger(limit) || limit < 1 || limit > 500)
        throw AppError.validation([
          { field: 'limit', message: 'must be an integer from 1 to 500' },
        ]);
      // The rule is tested as if it were enabled and applied to the target asked for.
      const probe: Rule = {
        ...rule,
        enabled: true,
        appliesTo: [...new Set([...rule.appliesTo, target])],
      };
      if (request.samplesJson !== undefined) {
        let samples: unknown;
        try {
          samples = JSON.parse(request.samplesJson);
        } catch {
          samples = undefined;
        }
        if (
          !Array.isArray(samples) ||
          samples.length > 500 ||
          samples.some((s) => typeof s !== 'object' || s === null)
        )
          throw AppError.validation([
            { field: 'samples', message: 'must be an array of at most 500 objects' },
          ]);
        const compiled = compileRules([probe], target);
        let matches = 0;
        const changes: RuleChange[] = [];
        (samples as RuleRecord[]).forEach((record, i) => {
          const out = applyRules(compiled, record);
          if (out.matchedRuleIds.length) matches++;
          for (const c of out.changes)
            changes.push({
              recordId: typeof record.id === 'string' ? record.id : String(i),
              description: String(record.description ?? record.name ?? ''),
              field: c.field,
              fromJson: JSON.stringify(c.from ?? null),
              toJson: JSON.stringify(c.to ?? null),
              ruleId: rule.id,
            });
          for (const a of out.addCategories)
            changes.push({
              recordId: typeof record.id === 'string' ? record.id : String(i),
              description: String(record.description ?? record.name ?? ''),
              field: 'categories',
              fromJson: 'null',
              toJson: JSON.stringify(a.categoryId),
              ruleId: rule.id,
            });
        });
        return { target, tested: samples.length, matches, changes };
      }
      if (!RUNNABLE_TARGETS.includes(target))
        throw AppError.validation([
          { field: 'samples', message: `is required to test a rule on ${target}` },
        ]);
      const res = await targetClient(target).call(
        (c) => c.applyRules,
        { target, rules: [ruleToMessage(probe)], dryRun: true, limit },
        { userId, deadlineMs: TEST_DEADLINE_MS },
      );
      return {
        target,
        tested: Number(res.processed),
        matches: Number(res.matched),
        changes: res.changes,
      };
    }),

    runRules: unary(async (request, { userId }) => {
      const asked = request.appliesTo.map((t) => parseTarget(t, 'appliesTo') as RuleTarget);
      let rules: Rule[];
      if (request.ruleIds.length) {
        rules = await allRules(db, userId, { ids: request.ruleIds });
        if (rules.length !== new Set(request.ruleIds.map((id) => id.toLowerCase())).size)
          throw notFound();
        rules = rules.map((r) => ({ ...r, enabled: true }));
      } else {
        rules = await allRules(db, userId, { enabledOnly: true });
      }
      const targets = RUNNABLE_TARGETS.filter(
        (t) => (!asked.length || asked.includes(t)) && rules.some((r) => r.appliesTo.includes(t)),
      );
      const totals = { processed: 0, matched: 0, updated: 0 };
      const byRule = new Map<string, number>(rules.map((r) => [r.id, 0]));
      for (const target of targets) {
        const forTarget = rules.filter((r) => r.appliesTo.includes(target));
        const res: ApplyRulesResponse = await targetClient(target).call(
          (c) => c.applyRules,
          { target, rules: forTarget.map(ruleToMessage), dryRun: false, limit: 0 },
          { userId, deadlineMs: RUN_DEADLINE_MS },
        );
        totals.processed += Number(res.processed);
        totals.matched += Number(res.matched);
        totals.updated += Number(res.updated);
        for (const r of res.byRule)
          byRule.set(r.ruleId, (byRule.get(r.ruleId) ?? 0) + Number(r.matched));
      }
      const runId = newId();
      const ruleIds = rules.map((r) => r.id);
      const byRuleList = [...byRule].map(([ruleId, matched]) => ({ ruleId, matched }));
      await db.transaction((trx) =>
        categorizationOutbox.enqueueEvent(trx, {
          type: RULE_EXECUTED,
          userId,
          data: { runId, ruleIds, appliesTo: targets, ...totals, byRule: byRuleList },
        }),
      );
      log.info({ runId, ...totals, rules: ruleIds.length }, 'rules run');
      return {
        runId,
        ...totals,
        processed: String(totals.processed),
        matched: String(totals.matched),
        updated: String(totals.updated),
        byRule: byRuleList.map((r) => ({ ruleId: r.ruleId, matched: String(r.matched) })),
        ruleIds,
        appliesTo: targets,
      };
    }),
  };

  return { name: RULE_SERVICE_NAME, definition: RuleServiceService, implementation };
}
