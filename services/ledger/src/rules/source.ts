import {
  compileRules,
  isTransportFailure,
  isUpstreamFailure,
  LruMap,
  ruleFromMessage,
  ServiceClient,
  type CompiledRuleSet,
  type Logger,
  type RuleTarget,
} from '@pfs/kit';
import { AssignMode, AssignmentServiceClient } from '@pfs/proto/categorization/v1/assignments';
import { RuleServiceClient } from '@pfs/proto/categorization/v1/rules';

/**
 * The ledger's view of categorization's rules (ADR 010). Each lookup asks categorization
 * "are the user's rules still at version V?" (a tiny answer when they are) and keeps the
 * compiled rules per (user, target), so a new rule takes effect on the very next record and
 * evaluation stays local. Undefined means categorization could not be reached in time.
 */
export interface RulesSource {
  rulesFor(userId: string, target: RuleTarget): Promise<CompiledRuleSet | undefined>;
  /** Records rule-made category assignments (with history); false on a transport failure. */
  assign(
    userId: string,
    transactionId: string,
    items: { categoryId: string; ruleId: string; primary: boolean }[],
  ): Promise<boolean>;
  /**
   * Records the categories rules set on many transactions (a run or import batch, already
   * committed), one RecordRuleAssignments call per 5,000. Never throws: on a failure the
   * ledger's write stands and the failure is logged (false).
   */
  recordRuleAssignments(userId: string, items: RuleAssignmentRecord[]): Promise<boolean>;
  close(): void;
}

/** A transaction whose category a rule changed. */
export interface RuleAssignmentRecord {
  transactionId: string;
  categoryId: string;
  ruleId: string;
  previousCategoryId: string | null;
}

/** The most items categorization takes per RecordRuleAssignments call. */
export const RULE_ASSIGNMENTS_PER_CALL = 5000;

export interface RulesSourceOptions {
  /** Categorization's address; a function so an embedded stack can start it later. */
  address: () => string | undefined;
  logger: Logger;
  /** Deadline of a rules lookup on the write path (default 300 ms). */
  deadlineMs?: number;
  /** Compiled sets kept (least recently used dropped first). */
  maxEntries?: number;
}

interface Entry {
  version: string;
  set: CompiledRuleSet;
}

export interface CheckState<T> {
  running: Promise<T>;
  /** The check that starts when `running` ends, shared by every caller that came meanwhile. */
  next?: Promise<T>;
}

/**
 * One version check at a time per (user, target), and callers that arrive while one runs
 * share the check that starts after it, never the running one: that check began before they
 * arrived and could miss a rule committed just before their record. So a burst of records of
 * one user (an integrator's backfill, a busy till) costs about one round trip per round-trip
 * time instead of one per record, and a new rule still applies to the very next record.
 */
export function coalesce<T>(
  checks: Map<string, CheckState<T>>,
  key: string,
  check: () => Promise<T>,
): Promise<T> {
  const state = checks.get(key);
  if (!state) {
    const fresh: CheckState<T> = { running: runCheck(checks, key, check) };
    checks.set(key, fresh);
    return fresh.running;
  }
  state.next ??= state.running
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => {
      state.running = runCheck(checks, key, check);
      state.next = undefined;
      return state.running;
    });
  return state.next;
}

async function runCheck<T>(
  checks: Map<string, CheckState<T>>,
  key: string,
  check: () => Promise<T>,
): Promise<T> {
  try {
    return await check();
  } finally {
    const state = checks.get(key);
    // Forget the key once nobody waits for a later check.
    if (state && !state.next) checks.delete(key);
  }
}

export function createRulesSource(opts: RulesSourceOptions): RulesSource {
  const deadlineMs = opts.deadlineMs ?? 300;
  const maxEntries = opts.maxEntries ?? 10_000;
  const log = opts.logger.child({ component: 'rules-source' });
  const cache = new LruMap<string, Entry>(maxEntries);
  let clients:
    | {
        address: string;
        rules: ServiceClient<RuleServiceClient>;
        assignments: ServiceClient<AssignmentServiceClient>;
      }
    | undefined;

  function connect() {
    const address = opts.address();
    if (!address) return undefined;
    if (clients?.address !== address) {
      clients?.rules.close();
      clients?.assignments.close();
      clients = {
        address,
        rules: new ServiceClient('categorization', RuleServiceClient, address, deadlineMs),
        assignments: new ServiceClient('categorization', AssignmentServiceClient, address, 2_000),
      };
    }
    return clients;
  }

  /** Asks categorization once and refreshes the compiled set of one (user, target). */
  async function lookUp(userId: string, target: RuleTarget): Promise<CompiledRuleSet | undefined> {
    const c = connect();
    if (!c) return undefined;
    const key = `${userId}:${target}`;
    const held = cache.get(key);
    try {
      const res = await c.rules.call(
        (x) => x.listActiveRules,
        { appliesTo: target, knownVersion: held?.version },
        { userId, deadlineMs },
      );
      if (res.unchanged && held) return held.set;
      const entry = {
        version: res.version,
        set: compileRules(res.rules.map(ruleFromMessage), target),
      };
      cache.set(key, entry);
      return entry.set;
    } catch (err) {
      // Categorization down, slow or failing (a cut database connection under the query): the
      // record is written anyway and the catch-up applies the rules later.
      if (!isUpstreamFailure(err)) throw err;
      log.warn({ err, userId, target }, 'rules unavailable; the record is marked for catch-up');
      return undefined;
    }
  }

  const checks = new Map<string, CheckState<CompiledRuleSet | undefined>>();

  return {
    rulesFor(userId, target) {
      const key = `${userId}:${target}`;
      return coalesce(checks, key, () => lookUp(userId, target));
    },

    async assign(userId, transactionId, items) {
      const c = connect();
      if (!c) return false;
      // One request per rule, so each history entry names the rule that made it.
      const byRule = new Map<string, typeof items>();
      for (const item of items) byRule.set(item.ruleId, [...(byRule.get(item.ruleId) ?? []), item]);
      try {
        for (const [ruleId, list] of byRule) {
          await c.assignments.call(
            (x) => x.assignCategories,
            {
              transactionId,
              mode: AssignMode.ASSIGN_MODE_ADD,
              assignedBy: 'rule',
              actor: ruleId,
              items: list.map((i) => ({
                categoryId: i.categoryId,
                isPrimary: i.primary || undefined,
              })),
            },
            { userId },
          );
        }
        return true;
      } catch (err) {
        if (isUpstreamFailure(err)) return false;
        // A category deleted since the rule was written: nothing to retry.
        log.warn({ err, userId, transactionId }, 'rule assignment refused');
        return true;
      }
    },

    async recordRuleAssignments(userId, items) {
      if (!items.length) return true;
      const c = connect();
      if (!c) {
        log.warn(
          { userId, count: items.length },
          'rule assignments not recorded: no categorization',
        );
        return false;
      }
      try {
        for (let at = 0; at < items.length; at += RULE_ASSIGNMENTS_PER_CALL) {
          await c.assignments.call(
            (x) => x.recordRuleAssignments,
            {
              items: items.slice(at, at + RULE_ASSIGNMENTS_PER_CALL).map((i) => ({
                transactionId: i.transactionId,
                categoryId: i.categoryId,
                ruleId: i.ruleId,
                previousCategoryId: i.previousCategoryId ?? undefined,
              })),
            },
            { userId, deadlineMs: 10_000 },
          );
        }
        return true;
      } catch (err) {
        // The ledger's category_id is committed either way; only the history misses the batch.
        log.warn(
          { err, userId, count: items.length, transport: isTransportFailure(err) },
          'rule assignments not recorded',
        );
        return false;
      }
    },

    close() {
      clients?.rules.close();
      clients?.assignments.close();
      clients = undefined;
    },
  };
}
