/**
 * The baselines, one per process (forked by run.ts):
 *
 * - BENCH_SERVER=baseline: what a user would otherwise write: ONE Express process reading and
 *   writing PostgreSQL with `pg`, authenticating the same HS256 access JWT with `jose`.
 *   GET /transactions?limit=&page= has the ledger's list semantics (the user's rows by
 *   occurred_at desc, id desc, the exact total from a parallel count, categories embedded)
 *   and the gateway's JSON shape; POST /transactions inserts one row.
 * - BENCH_SERVER=bare: Express answering {success:true} on GET /, the floor of any Express app.
 *
 * Env: PORT (0 = any), DATABASE_URL and JWT_SECRET (baseline), POOL_MAX (default 10, as each
 * service's pool).
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { jwtVerify } from 'jose';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { onParentShutdown, sendToParent } from './proc';

// Same conversions as the services: COUNT(*) as a number, DATE as text. Plain (unnamed)
// parameterised queries, as knex sends them: no prepared-statement advantage for either side.
pg.types.setTypeParser(20, (v: string) => Number(v));
pg.types.setTypeParser(1082, (v: string) => v);

const MAX_PAGE_LIMIT = 200;
const DEFAULT_PAGE_LIMIT = 50;
const TOKEN_ISSUER = 'pfs';

interface TransactionRow {
  id: string;
  occurred_at: Date;
  description: string;
  amount: string;
  type: string;
  category_id: string | null;
  merchant: string | null;
  is_tax_deductible: boolean;
  business_use_percentage: string;
  gst_rate: string | null;
  gst_amount: string;
  gst_included: boolean;
  created_at: Date;
  updated_at: Date;
}

interface CategoryRow {
  id: string;
  name: string;
  icon: string;
  color: string;
  is_tax_deductible: boolean;
  tax_category: string | null;
  default_gst_rate: string;
  category_set_id: string | null;
  created_at: Date;
  updated_at: Date;
}

const TRANSACTION_COLUMNS = `id, occurred_at, description, amount, type, category_id, merchant, is_tax_deductible,
  business_use_percentage, gst_rate, gst_amount, gst_included, created_at, updated_at`;

function presentCategory(c: CategoryRow) {
  return {
    id: c.id,
    name: c.name,
    icon: c.icon,
    color: c.color,
    isTaxDeductible: c.is_tax_deductible,
    taxCategory: c.tax_category || null,
    defaultGstRate: Number(c.default_gst_rate),
    categorySetId: c.category_set_id || null,
    createdAt: c.created_at.toISOString(),
    updatedAt: c.updated_at.toISOString(),
  };
}

function presentTransaction(
  t: TransactionRow,
  categories: Map<string, ReturnType<typeof presentCategory>>,
) {
  return {
    id: t.id,
    date: t.occurred_at.toISOString(),
    description: t.description,
    amount: Number(t.amount),
    type: t.type,
    categoryId: t.category_id,
    category: (t.category_id && categories.get(t.category_id)) || null,
    merchant: t.merchant,
    isTaxDeductible: t.is_tax_deductible,
    businessUsePercentage: Number(t.business_use_percentage),
    gstAmount: Number(t.gst_amount),
    gstRate: t.gst_rate === null ? 0 : Number(t.gst_rate),
    gstIncluded: t.gst_included,
    createdAt: t.created_at.toISOString(),
    updatedAt: t.updated_at.toISOString(),
  };
}

function positiveInt(value: unknown, fallback: number): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

type Authed = Request & { userId?: string };

function buildBaseline(pool: pg.Pool, secret: string) {
  const key = new TextEncoder().encode(secret);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  const authenticate = (req: Authed, res: Response, next: NextFunction) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
    if (!match) {
      res.status(401).json({ success: false, error: 'Authentication required' });
      return;
    }
    jwtVerify(match[1], key, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      requiredClaims: ['exp', 'sub'],
    }).then(
      ({ payload }) => {
        if (payload.typ !== 'access' || typeof payload.sub !== 'string') {
          res.status(401).json({ success: false, error: 'Invalid token' });
          return;
        }
        req.userId = payload.sub;
        next();
      },
      () => res.status(401).json({ success: false, error: 'Invalid or expired token' }),
    );
  };

  app.get('/transactions', authenticate, (req: Authed, res: Response, next: NextFunction) => {
    void (async () => {
      const userId = req.userId as string;
      const page = positiveInt(req.query.page, 1);
      const limit = Math.min(positiveInt(req.query.limit, DEFAULT_PAGE_LIMIT), MAX_PAGE_LIMIT);
      // Page and exact count in parallel, as the ledger does.
      const [rows, counted] = await Promise.all([
        pool.query<TransactionRow>({
          text: `SELECT ${TRANSACTION_COLUMNS} FROM ledger.transactions WHERE user_id = $1
                 ORDER BY occurred_at DESC, id DESC LIMIT $2 OFFSET $3`,
          values: [userId, limit, (page - 1) * limit],
        }),
        pool.query<{ total: number }>({
          text: 'SELECT count(*) AS total FROM ledger.transactions WHERE user_id = $1',
          values: [userId],
        }),
      ]);
      const categoryIds = [
        ...new Set(rows.rows.map((r) => r.category_id).filter((id): id is string => Boolean(id))),
      ];
      const categories = new Map<string, ReturnType<typeof presentCategory>>();
      if (categoryIds.length) {
        const found = await pool.query<CategoryRow>({
          text: `SELECT id, name, icon, color, is_tax_deductible, tax_category, default_gst_rate, category_set_id,
                        created_at, updated_at
                 FROM categorization.categories WHERE user_id = $1 AND id = ANY($2::uuid[])`,
          values: [userId, categoryIds],
        });
        for (const c of found.rows) categories.set(c.id, presentCategory(c));
      }
      const total = counted.rows[0]?.total ?? 0;
      res.json({
        success: true,
        transactions: rows.rows.map((t) => presentTransaction(t, categories)),
        pagination: { page, limit, total, pages: Math.ceil(total / limit) },
      });
    })().catch(next);
  });

  app.post(
    '/transactions',
    authenticate,
    express.json({ limit: '1mb' }),
    (req: Authed, res: Response, next: NextFunction) => {
      void (async () => {
        const b = (req.body ?? {}) as Record<string, unknown>;
        const amount = typeof b.amount === 'number' ? b.amount : NaN;
        const valid =
          typeof b.date === 'string' &&
          /^\d{4}-\d{2}-\d{2}/.test(b.date) &&
          !Number.isNaN(Date.parse(b.date)) &&
          typeof b.description === 'string' &&
          b.description.trim().length > 0 &&
          b.description.length <= 1000 &&
          amount > 0 &&
          Math.round(amount * 100) === Number((amount * 100).toFixed(6)) &&
          (b.type === 'debit' || b.type === 'credit') &&
          (b.merchant === undefined ||
            b.merchant === null ||
            (typeof b.merchant === 'string' && b.merchant.length <= 200));
        if (!valid) {
          res.status(400).json({ success: false, error: 'Validation failed' });
          return;
        }
        const { rows } = await pool.query<TransactionRow>({
          text: `INSERT INTO ledger.transactions (id, user_id, occurred_at, description, amount, type, merchant)
               VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6)
               RETURNING ${TRANSACTION_COLUMNS}`,
          values: [
            req.userId,
            new Date(b.date as string).toISOString(),
            (b.description as string).trim(),
            amount.toFixed(2),
            b.type,
            typeof b.merchant === 'string' && b.merchant.trim() ? b.merchant.trim() : null,
          ],
        });
        res
          .status(201)
          .json({ success: true, transaction: presentTransaction(rows[0], new Map()) });
      })().catch(next);
    },
  );

  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    console.error(err);
    if (!res.headersSent) res.status(500).json({ success: false, error: 'Internal error' });
  });
  return app;
}

function buildBare() {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/', (_req, res) => {
    res.json({ success: true });
  });
  return app;
}

async function main(): Promise<void> {
  const kind = process.env.BENCH_SERVER ?? 'baseline';
  let pool: pg.Pool | undefined;
  let app: express.Express;
  if (kind === 'bare') {
    app = buildBare();
  } else if (kind === 'baseline') {
    const databaseUrl = process.env.DATABASE_URL;
    const secret = process.env.JWT_SECRET;
    if (!databaseUrl || !secret) throw new Error('DATABASE_URL and JWT_SECRET are required');
    pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.POOL_MAX ?? 10) });
    await pool.query('SELECT 1');
    app = buildBaseline(pool, secret);
  } else {
    throw new Error(`unknown BENCH_SERVER ${kind}`);
  }
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const s = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => resolve(s));
  });
  server.keepAliveTimeout = 65_000;
  onParentShutdown(async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await pool?.end();
  });
  const { port } = server.address() as AddressInfo;
  sendToParent({ type: 'ready', url: `http://127.0.0.1:${port}` });
}

main().catch((err: unknown) => {
  sendToParent({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  console.error(err);
  process.exit(1);
});
