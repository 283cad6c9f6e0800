import {
  applyRules,
  compileRules,
  formatMoney,
  isTransportFailure,
  LruMap,
  ruleFromMessage,
  ServiceClient,
  type CompiledRuleSet,
  type Logger,
  type Money,
  type RuleRecord,
  type RuleTarget,
} from '@pfs/kit';
import { RuleServiceClient } from '@pfs/proto/categorization/v1/rules';

/**
 * Custom rules (SPEC.md: "Rules apply to transactions, bills, expenses and patterns") are
 * owned by categorization (ADR 010). This is the one place bills hands a new bill or pattern
 * (and an updated one) to them, before it is stored: a rule may set the category (setCategory) or the merchant.
 * The rules are fetched from categorization (a version check when they are already held) and
 * evaluated here with kit's engine.
 */

export interface RuleSubject {
  /** Which of the rule targets (`appliesTo`) this is. */
  appliesTo: 'bills' | 'patterns';
  userId: string;
  name: string;
  merchant: string | null;
  amount: Money;
  categoryId: string | null;
  /** Bills: the due date (YYYY-MM-DD). */
  dueDate?: string;
  /** Patterns: weekly, monthly, ... */
  frequency?: string;
}

/**
 * Where bills gets a user's rules; undefined when categorization cannot be reached (the
 * record is then saved with rules_pending, and the rules catch-up job applies them later).
 */
export interface BillRulesSource {
  rulesFor(userId: string, target: RuleTarget): Promise<CompiledRuleSet | undefined>;
  close(): void;
}

export function connectBillRules(opts: {
  address: () => string | undefined;
  logger: Logger;
  deadlineMs?: number;
}): BillRulesSource {
  const deadlineMs = opts.deadlineMs ?? 300;
  const log = opts.logger.child({ component: 'rules-source' });
  const cache = new LruMap<string, { version: string; set: CompiledRuleSet }>(10_000);
  let client: ServiceClient<RuleServiceClient> | undefined;
  return {
    async rulesFor(userId, target) {
      const address = opts.address();
      // No categorization configured: no rules (nothing to wait for, so nothing pending).
      if (!address) return compileRules([], target);
      if (client?.address !== address) {
        client?.close();
        client = new ServiceClient('categorization', RuleServiceClient, address, deadlineMs);
      }
      const key = `${userId}:${target}`;
      const held = cache.get(key);
      try {
        const res = await client.call(
          (c) => c.listActiveRules,
          { appliesTo: target, knownVersion: held?.version },
          { userId, deadlineMs },
        );
        if (res.unchanged && held) return held.set;
        const set = compileRules(res.rules.map(ruleFromMessage), target);
        cache.set(key, { version: res.version, set });
        return set;
      } catch (err) {
        if (!isTransportFailure(err)) throw err;
        log.warn({ err, userId, target }, 'rules unavailable; saved without them');
        return undefined;
      }
    },
    close() {
      client?.close();
    },
  };
}

/** The subject as a rule record (kit's field names for bills and patterns). */
export function billRuleRecord(subject: Omit<RuleSubject, 'userId' | 'appliesTo'>): RuleRecord {
  return {
    name: subject.name,
    merchant: subject.merchant,
    amount: formatMoney(subject.amount),
    categoryId: subject.categoryId,
    dueDate: subject.dueDate ?? null,
    frequency: subject.frequency ?? null,
  };
}

/** The subject after a compiled rule set (category and merchant are all rules write here). */
export function ruleSubject<T extends Omit<RuleSubject, 'userId' | 'appliesTo'>>(
  set: CompiledRuleSet,
  subject: T,
): T {
  if (!set.rules.length) return subject;
  const out = applyRules(set, billRuleRecord(subject));
  if (!out.changes.length) return subject;
  return {
    ...subject,
    merchant: (out.record.merchant as string | null) ?? null,
    categoryId: (out.record.categoryId as string | null) ?? null,
  };
}

/**
 * The user's rules for a target: an empty set without a source, undefined while
 * categorization cannot be reached (the record is then saved as sent, rules pending).
 */
export async function billRuleSet(
  userId: string,
  target: 'bills' | 'patterns',
  source?: BillRulesSource,
): Promise<CompiledRuleSet | undefined> {
  if (!source) return compileRules([], target);
  return source.rulesFor(userId, target);
}

/**
 * The subject after the user's rules for its target. Without a source, or while
 * categorization is away, the subject passes through unchanged (it is still saved).
 */
export async function applyBillRules<T extends RuleSubject>(
  subject: T,
  source?: BillRulesSource,
): Promise<T> {
  return (await applyBillRulesOrPending(subject, source)).subject;
}

/** Like applyBillRules, and says whether the rules could not be fetched (rules_pending). */
export async function applyBillRulesOrPending<T extends RuleSubject>(
  subject: T,
  source?: BillRulesSource,
): Promise<{ subject: T; pending: boolean }> {
  const set = await billRuleSet(subject.userId, subject.appliesTo, source);
  if (!set) return { subject, pending: true };
  return { subject: ruleSubject(set, subject), pending: false };
}
