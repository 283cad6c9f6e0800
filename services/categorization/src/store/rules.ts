import {
  isUuid,
  newId,
  offsetOf,
  type Knex,
  type Page,
  type Rule,
  type RuleDefinition,
  type RuleTarget,
} from '@pfs/kit';

const TABLE = 'rules';
const VERSIONS = 'rule_versions';

interface RuleRow {
  id: string;
  user_id: string;
  name: string;
  priority: number;
  enabled: boolean;
  applies_to: string[];
  match: string;
  conditions: Rule['conditions'];
  actions: Rule['actions'];
  stop_processing: boolean;
  created_at: Date;
  updated_at: Date;
}

function fromRow(row: RuleRow): Rule {
  return {
    id: row.id,
    name: row.name,
    priority: row.priority,
    enabled: row.enabled,
    appliesTo: row.applies_to as RuleTarget[],
    match: row.match === 'any' ? 'any' : 'all',
    conditions: row.conditions,
    actions: row.actions,
    stopProcessing: row.stop_processing,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function toColumns(def: RuleDefinition) {
  return {
    name: def.name,
    priority: def.priority,
    enabled: def.enabled,
    applies_to: def.appliesTo,
    match: def.match,
    conditions: JSON.stringify(def.conditions),
    actions: JSON.stringify(def.actions),
    stop_processing: def.stopProcessing,
  };
}

const ORDER = ['priority', 'created_at', 'id'] as const;

/** Bumps the user's rules version inside the caller's transaction. */
async function bump(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx.raw(
    `INSERT INTO ${VERSIONS} AS v (user_id, version) VALUES (?, 1)
     ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1`,
    [userId],
  );
}

export async function rulesVersion(db: Knex, userId: string): Promise<string> {
  const row = await db(VERSIONS)
    .where({ user_id: userId })
    .first<{ version: string } | undefined>();
  return String(row?.version ?? 0);
}

export async function listRules(
  db: Knex,
  userId: string,
  page: Page,
  appliesTo?: RuleTarget,
): Promise<{ rules: Rule[]; total: number }> {
  const mine = db<RuleRow>(TABLE).where({ user_id: userId });
  if (appliesTo) mine.whereRaw('? = ANY(applies_to)', [appliesTo]);
  const [rows, [{ total }]] = await Promise.all([
    mine
      .clone()
      .select('*')
      .orderBy([...ORDER])
      .limit(page.limit)
      .offset(offsetOf(page)),
    mine.clone().count<{ total: string }[]>({ total: '*' }),
  ]);
  return { rules: (rows as RuleRow[]).map(fromRow), total: Number(total) };
}

/** Every rule of the user (at most the per-user limit), optionally only enabled ones of a target. */
export async function allRules(
  db: Knex,
  userId: string,
  opts: { appliesTo?: RuleTarget; enabledOnly?: boolean; ids?: string[] } = {},
): Promise<Rule[]> {
  const q = db<RuleRow>(TABLE).where({ user_id: userId });
  if (opts.appliesTo) q.whereRaw('? = ANY(applies_to)', [opts.appliesTo]);
  if (opts.enabledOnly) q.where({ enabled: true });
  if (opts.ids)
    q.whereIn(
      'id',
      opts.ids.filter((id) => isUuid(id)),
    );
  const rows = await q.select('*').orderBy([...ORDER]);
  return (rows as RuleRow[]).map(fromRow);
}

/** The enabled rules of a target with the version they belong to (read in one snapshot). */
export async function activeRules(
  db: Knex,
  userId: string,
  appliesTo: RuleTarget,
): Promise<{ rules: Rule[]; version: string }> {
  return db.transaction(
    async (trx) => ({
      version: await rulesVersion(trx, userId),
      rules: await allRules(trx, userId, { appliesTo, enabledOnly: true }),
    }),
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

export async function findRule(db: Knex, userId: string, id: string): Promise<Rule | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db<RuleRow>(TABLE).where({ user_id: userId, id: id.toLowerCase() }).first();
  return row && fromRow(row as RuleRow);
}

export async function countRules(db: Knex, userId: string): Promise<number> {
  const [{ total }] = await db(TABLE)
    .where({ user_id: userId })
    .count<{ total: string }[]>({ total: '*' });
  return Number(total);
}

/** Inserts a rule unless the user already has `max`; undefined when at the limit. */
export async function insertRule(
  db: Knex,
  userId: string,
  def: RuleDefinition,
  max: number,
): Promise<Rule | undefined> {
  return db.transaction(async (trx) => {
    // Serialises creations of one user so the limit holds under concurrency.
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`categorization:rules:${userId}`]);
    if ((await countRules(trx, userId)) >= max) return undefined;
    const [row] = await trx(TABLE)
      .insert({ id: newId(), user_id: userId, ...toColumns(def) })
      .returning('*');
    await bump(trx, userId);
    return fromRow(row as RuleRow);
  });
}

/** Replaces a rule's definition with what `decide` returns from the stored one (row locked). */
export async function updateRule(
  db: Knex,
  userId: string,
  id: string,
  decide: (current: Rule) => Promise<RuleDefinition>,
): Promise<Rule | undefined> {
  if (!isUuid(id)) return undefined;
  return db.transaction(async (trx) => {
    const locked = await trx<RuleRow>(TABLE).where({ user_id: userId, id }).forUpdate().first();
    if (!locked) return undefined;
    const def = await decide(fromRow(locked as RuleRow));
    const [row] = await trx(TABLE)
      .where({ user_id: userId, id })
      .update({ ...toColumns(def), updated_at: trx.fn.now() })
      .returning('*');
    await bump(trx, userId);
    return fromRow(row as RuleRow);
  });
}

export async function deleteRule(db: Knex, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (trx) => {
    const deleted = await trx(TABLE).where({ user_id: userId, id }).del();
    if (deleted) await bump(trx, userId);
    return deleted > 0;
  });
}
