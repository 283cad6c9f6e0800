import pg from 'pg';

/**
 * Kinds of transaction a household and a small business see, with a weight (how often it
 * appears), the amount range, the direction and whether GST (10%, included) applies.
 */
const PROFILES: {
  merchant: string;
  description: string;
  min: number;
  max: number;
  type: 'debit' | 'credit';
  weight: number;
  gst: boolean;
  deductible: boolean;
}[] = [
  {
    merchant: 'Woolworths',
    description: 'WOOLWORTHS',
    min: 12,
    max: 260,
    type: 'debit',
    weight: 14,
    gst: true,
    deductible: false,
  },
  {
    merchant: 'Coles',
    description: 'COLES',
    min: 8,
    max: 240,
    type: 'debit',
    weight: 12,
    gst: true,
    deductible: false,
  },
  {
    merchant: 'Aldi',
    description: 'ALDI STORES',
    min: 10,
    max: 180,
    type: 'debit',
    weight: 6,
    gst: true,
    deductible: false,
  },
  {
    merchant: 'Starbucks',
    description: 'STARBUCKS COFFEE',
    min: 4.5,
    max: 14,
    type: 'debit',
    weight: 9,
    gst: true,
    deductible: false,
  },
  {
    merchant: 'Local Cafe',
    description: 'SQ *LOCAL CAFE',
    min: 3.8,
    max: 32,
    type: 'debit',
    weight: 9,
    gst: true,
    deductible: false,
  },
  {
    merchant: 'Uber',
    description: 'UBER *TRIP',
    min: 9,
    max: 75,
    type: 'debit',
    weight: 6,
    gst: true,
    deductible: true,
  },
  {
    merchant: 'Uber Eats',
    description: 'UBER *EATS',
    min: 18,
    max: 95,
    type: 'debit',
    weight: 5,
    gst: true,
    deductible: false,
  },
  {
    merchant: 'Shell',
    description: 'SHELL COLES EXPRESS',
    min: 35,
    max: 140,
    type: 'debit',
    weight: 5,
    gst: true,
    deductible: true,
  },
  {
    merchant: 'BP',
    description: 'BP CONNECT',
    min: 30,
    max: 130,
    type: 'debit',
    weight: 3,
    gst: true,
    deductible: true,
  },
  {
    merchant: 'Netflix',
    description: 'NETFLIX.COM',
    min: 10.99,
    max: 22.99,
    type: 'debit',
    weight: 1,
    gst: true,
    deductible: false,
  },
  {
    merchant: 'Spotify',
    description: 'SPOTIFY P0',
    min: 11.99,
    max: 17.99,
    type: 'debit',
    weight: 1,
    gst: true,
    deductible: false,
  },
  {
    merchant: 'Telstra',
    description: 'TELSTRA BILL PAYMENT',
    min: 55,
    max: 140,
    type: 'debit',
    weight: 1,
    gst: true,
    deductible: true,
  },
  {
    merchant: 'AGL Energy',
    description: 'AGL ENERGY DIRECT DEBIT',
    min: 90,
    max: 480,
    type: 'debit',
    weight: 1,
    gst: true,
    deductible: false,
  },
  {
    merchant: 'Bunnings',
    description: 'BUNNINGS WAREHOUSE',
    min: 6,
    max: 420,
    type: 'debit',
    weight: 4,
    gst: true,
    deductible: false,
  },
  {
    merchant: 'Officeworks',
    description: 'OFFICEWORKS',
    min: 5,
    max: 650,
    type: 'debit',
    weight: 3,
    gst: true,
    deductible: true,
  },
  {
    merchant: 'JB Hi-Fi',
    description: 'JB HI FI',
    min: 25,
    max: 2400,
    type: 'debit',
    weight: 1,
    gst: true,
    deductible: true,
  },
  {
    merchant: 'Amazon',
    description: 'AMAZON AU MARKETPLACE',
    min: 9,
    max: 380,
    type: 'debit',
    weight: 5,
    gst: true,
    deductible: false,
  },
  {
    merchant: 'Chemist Warehouse',
    description: 'CHEMIST WAREHOUSE',
    min: 6,
    max: 120,
    type: 'debit',
    weight: 3,
    gst: true,
    deductible: false,
  },
  {
    merchant: 'Qantas',
    description: 'QANTAS AIRWAYS',
    min: 120,
    max: 1600,
    type: 'debit',
    weight: 1,
    gst: true,
    deductible: true,
  },
  {
    merchant: 'Transport NSW',
    description: 'TRANSPORTFORNSW OPAL',
    min: 3.2,
    max: 50,
    type: 'debit',
    weight: 5,
    gst: false,
    deductible: false,
  },
  {
    merchant: 'Real Estate Agent',
    description: 'RENT PAYMENT REF',
    min: 1800,
    max: 2600,
    type: 'debit',
    weight: 1,
    gst: false,
    deductible: false,
  },
  {
    merchant: 'ATM',
    description: 'ATM WITHDRAWAL',
    min: 20,
    max: 400,
    type: 'debit',
    weight: 2,
    gst: false,
    deductible: false,
  },
  {
    merchant: 'Employer Pty Ltd',
    description: 'SALARY EMPLOYER PTY LTD',
    min: 3100,
    max: 6200,
    type: 'credit',
    weight: 2,
    gst: false,
    deductible: false,
  },
  {
    merchant: 'Client Invoice',
    description: 'TRANSFER FROM CLIENT INV',
    min: 250,
    max: 9000,
    type: 'credit',
    weight: 2,
    gst: true,
    deductible: false,
  },
  {
    merchant: 'Bank',
    description: 'INTEREST CREDIT',
    min: 0.15,
    max: 48,
    type: 'credit',
    weight: 1,
    gst: false,
    deductible: false,
  },
  {
    merchant: 'Refund',
    description: 'REFUND MERCHANT',
    min: 5,
    max: 300,
    type: 'credit',
    weight: 1,
    gst: true,
    deductible: false,
  },
];

const CITIES = [
  'SYDNEY',
  'MELBOURNE',
  'BRISBANE',
  'PERTH',
  'ADELAIDE',
  'HOBART',
  'CANBERRA',
  'NEWCASTLE',
  'GEELONG',
  'ONLINE',
];

export interface SeedOptions {
  userId: string;
  /** How many rows; default 10,000. */
  count?: number;
  /** The user's category ids; a share of the rows gets one of them (uncategorized otherwise). */
  categoryIds?: string[];
  /** Share of the rows given a category when categoryIds are known (0..1); default 0.7. */
  categorizedShare?: number;
  /** Seed of PostgreSQL's random(), so every run inserts the same data; default 0.42. */
  randomSeed?: number;
  /** Schema-qualified table; default ledger.transactions. */
  table?: string;
}

/**
 * Inserts `count` transactions for one user with a single INSERT … SELECT generate_series
 * (two years of dates, weighted merchants, amounts in each merchant's range, debit/credit
 * mix, GST where it applies), then ANALYZEs the table. Returns the rows inserted.
 */
export async function seedTransactions(client: pg.ClientBase, opts: SeedOptions): Promise<number> {
  const count = opts.count ?? 10_000;
  if (!Number.isInteger(count) || count < 0 || count > 10_000_000)
    throw new Error(`bad seed count ${count}`);
  const table = opts.table ?? 'ledger.transactions';
  const categoryIds = opts.categoryIds ?? [];
  const categorizedShare = categoryIds.length ? (opts.categorizedShare ?? 0.7) : 0;

  // Weighted pick: each profile appears `weight` times in the pick list.
  const picks: number[] = [];
  PROFILES.forEach((p, i) => {
    for (let w = 0; w < p.weight; w++) picks.push(i + 1);
  });

  const profileRows = PROFILES.map(
    (p, i) =>
      `(${i + 1}, ${literal(p.merchant)}, ${literal(p.description)}, ${p.min}, ${p.max}, '${p.type}', ${p.gst}, ${p.deductible})`,
  ).join(',\n      ');

  const sql = `
    WITH profiles(idx, merchant, description, min_amount, max_amount, type, gst, deductible) AS (
      VALUES
      ${profileRows}
    ),
    draws AS (
      SELECT g,
             ($3::int[])[1 + floor(random() * cardinality($3::int[]))::int] AS profile_idx,
             random() AS r_amount,
             random() AS r_day,
             random() AS r_city,
             random() AS r_ref,
             random() AS r_cat,
             random() AS r_cat_pick
      FROM generate_series(1, $2::int) AS g
    ),
    shaped AS (
      SELECT d.g, p.*,
             round((p.min_amount + (p.max_amount - p.min_amount) * d.r_amount * d.r_amount)::numeric, 2) AS amount,
             -- Two years back from today, midnight UTC like an imported bank statement.
             date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
               - make_interval(days => floor(d.r_day * 730)::int) AS occurred_at,
             ($4::text[])[1 + floor(d.r_city * cardinality($4::text[]))::int] AS city,
             lpad(floor(d.r_ref * 1000000)::int::text, 6, '0') AS ref,
             CASE WHEN cardinality($5::uuid[]) > 0 AND d.r_cat < $6::float8
                  THEN ($5::uuid[])[1 + floor(d.r_cat_pick * cardinality($5::uuid[]))::int] END AS category_id
      FROM draws d JOIN profiles p ON p.idx = d.profile_idx
    )
    INSERT INTO ${table}
      (id, user_id, occurred_at, description, amount, type, category_id, merchant,
       is_tax_deductible, business_use_percentage, gst_rate, gst_amount, gst_included, source)
    SELECT gen_random_uuid(), $1::uuid, occurred_at,
           description || ' ' || city || ' REF ' || ref,
           amount, type, category_id, merchant,
           deductible, 100,
           CASE WHEN gst THEN 0.1 ELSE NULL END,
           CASE WHEN gst THEN round(amount / 11, 2) ELSE 0 END,
           true, 'import'
    FROM shaped
  `;

  await client.query('SELECT setseed($1)', [opts.randomSeed ?? 0.42]);
  const result = await client.query(sql, [
    opts.userId,
    count,
    picks,
    CITIES,
    categoryIds,
    categorizedShare,
  ]);
  await client.query(`ANALYZE ${table}`);
  return result.rowCount ?? 0;
}

/** The user's category ids from the categorization schema (empty when it has none). */
export async function categoryIdsOf(client: pg.ClientBase, userId: string): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    'SELECT id FROM categorization.categories WHERE user_id = $1 ORDER BY name',
    [userId],
  );
  return rows.map((r) => r.id);
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

// CLI: node dist/seed.js <databaseUrl> <userId> [count]
if (require.main === module) {
  const [databaseUrl, userId, countText] = process.argv.slice(2);
  if (!databaseUrl || !userId) {
    console.error('usage: node dist/seed.js <databaseUrl> <userId> [count]');
    process.exit(2);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  client
    .connect()
    .then(async () => {
      const categoryIds = await categoryIdsOf(client, userId);
      const started = Date.now();
      const inserted = await seedTransactions(client, {
        userId,
        count: countText ? Number(countText) : undefined,
        categoryIds,
      });
      console.log(`inserted ${inserted} transactions in ${Date.now() - started} ms`);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    })
    .finally(() => client.end());
}
