import type { Knex } from '@pfs/kit';
import type { UserCategory } from '../domain/classifier/categories';
import type { Label } from '../domain/classifier/user-model';
import { formatGstRate } from '../domain/gst-rate';

/**
 * The classifier's tables: each user's labels (one per transaction) and a per-user model
 * version that tells a replica whether its in-memory model is current.
 */
const LABELS = 'classifier_labels';
const MODELS = 'classifier_models';

/** A user's model learns from at most this many of their most recent labels. */
export const MAX_LABELS_PER_MODEL = 5_000;

export interface LabelWrite {
  transactionId: string;
  description: string;
  merchant: string | null;
  merchantKey: string;
  /** Decimal string, or null when unknown. */
  amount: string | null;
  type: string;
  /** Empty: forget this transaction's label. */
  categoryId: string;
}

interface LabelRow {
  transaction_id: string;
  description: string;
  merchant: string | null;
  amount: string | null;
  type: string;
  category_id: string;
}

/**
 * The user's categories the classifier may answer with: those of the default set first, then
 * active sets, then the rest (so a name found in several sets resolves to the default set's).
 */
export async function classifierCategories(db: Knex, userId: string): Promise<UserCategory[]> {
  const rows = await db('categories as c')
    .leftJoin('category_sets as s', 's.id', 'c.category_set_id')
    .where('c.user_id', userId)
    .orderByRaw(
      'coalesce(s.is_default, false) desc, coalesce(s.is_active, true) desc, lower(c.name), c.id',
    )
    .select<
      {
        id: string;
        name: string;
        icon: string;
        color: string;
        is_tax_deductible: boolean;
        tax_category: string | null;
        default_gst_rate: string;
      }[]
    >(
      'c.id',
      'c.name',
      'c.icon',
      'c.color',
      'c.is_tax_deductible',
      'c.tax_category',
      'c.default_gst_rate',
    );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    icon: r.icon,
    color: r.color,
    isTaxDeductible: r.is_tax_deductible,
    taxCategory: r.tax_category,
    defaultGstRate: formatGstRate(r.default_gst_rate),
  }));
}

export async function modelVersion(db: Knex, userId: string): Promise<number> {
  const row = await db(MODELS)
    .where({ user_id: userId })
    .first<{ version: string } | undefined>('version');
  return row ? Number(row.version) : 0;
}

/** The labels a model is built from, oldest first (so the latest label at a merchant wins ties). */
export async function loadLabels(db: Knex, userId: string): Promise<Label[]> {
  const rows = await db
    .select<LabelRow[]>('*')
    .from(
      db(LABELS)
        .where({ user_id: userId })
        .orderBy([
          { column: 'labelled_at', order: 'desc' },
          { column: 'transaction_id', order: 'desc' },
        ])
        .limit(MAX_LABELS_PER_MODEL)
        .select(
          'transaction_id',
          'description',
          'merchant',
          'amount',
          'type',
          'category_id',
          'labelled_at',
        )
        .as('recent'),
    )
    .orderBy([
      { column: 'labelled_at', order: 'asc' },
      { column: 'transaction_id', order: 'asc' },
    ]);
  return rows.map((r) => ({
    transactionId: r.transaction_id,
    description: r.description,
    merchant: r.merchant,
    amount: r.amount === null ? undefined : Number(r.amount),
    type: r.type,
    categoryId: r.category_id,
  }));
}

/**
 * Stores labels and forgets cleared ones in one database transaction, skipping any whose
 * category is not the user's, and bumps the user's model version. Returns the labels that
 * took effect (in request order) and the new version.
 */
export async function recordLabels(
  db: Knex,
  userId: string,
  labels: readonly LabelWrite[],
): Promise<{ applied: LabelWrite[]; version: number }> {
  return db.transaction(async (trx) => {
    const wanted = [...new Set(labels.filter((l) => l.categoryId).map((l) => l.categoryId))];
    const own = new Set(
      wanted.length
        ? (
            await trx('categories')
              .where({ user_id: userId })
              .whereIn('id', wanted)
              .select<{ id: string }[]>('id')
          ).map((r) => r.id)
        : [],
    );
    // The last label of a transaction in one batch is the one that counts.
    const latest = new Map<string, LabelWrite>();
    for (const label of labels) {
      if (!label.categoryId || own.has(label.categoryId)) latest.set(label.transactionId, label);
    }
    const applied = [...latest.values()];
    if (!applied.length) return { applied, version: await modelVersion(trx, userId) };
    const writes = applied.filter((l) => l.categoryId);
    const forgets = applied.filter((l) => !l.categoryId).map((l) => l.transactionId);
    if (writes.length) {
      await trx(LABELS)
        .insert(
          writes.map((l) => ({
            user_id: userId,
            transaction_id: l.transactionId,
            description: l.description,
            merchant: l.merchant,
            merchant_key: l.merchantKey,
            amount: l.amount,
            type: l.type,
            category_id: l.categoryId,
            // Per row, so labels of one batch keep their order.
            labelled_at: trx.raw('clock_timestamp()'),
          })),
        )
        .onConflict(['user_id', 'transaction_id'])
        .merge([
          'description',
          'merchant',
          'merchant_key',
          'amount',
          'type',
          'category_id',
          'labelled_at',
        ]);
    }
    if (forgets.length) {
      await trx(LABELS).where({ user_id: userId }).whereIn('transaction_id', forgets).del();
    }
    const [row] = await trx(MODELS)
      .insert({ user_id: userId, version: 1, updated_at: trx.fn.now() })
      .onConflict('user_id')
      .merge({ version: trx.raw('?? + 1', [`${MODELS}.version`]), updated_at: trx.fn.now() })
      .returning<{ version: string }[]>('version');
    return { applied, version: Number(row.version) };
  });
}
