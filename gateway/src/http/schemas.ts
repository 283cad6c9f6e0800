import { hasAtMostDecimals, MAX_PAGE_LIMIT } from '@pfs/kit';
import { z } from 'zod';

/** Query values arrive as strings; these parse them strictly and say what was wrong. */
const integerString = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a positive integer`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${name} must be at least 1`));

export const pageQuery = {
  page: integerString('page').optional().describe('Page number, from 1 (default 1)'),
  limit: integerString('limit')
    .transform((n) => Math.min(n, MAX_PAGE_LIMIT))
    .optional()
    .describe('Page size 1–200 (default 50); larger values are clamped to 200'),
};

export const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'must be a real calendar date');

/** A date or a date-time with offset, as bank transactions carry either. */
export const isoDateOrDateTime = z.union([
  isoDate,
  z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date or date-time' }),
]);

export const uuid = z.uuid({ message: 'must be a UUID' });

export const idParams = z.object({ id: z.string().describe('Resource id (UUID)') });

/** A JSON money amount: finite, at most two decimals, sent on as an exact decimal string. */
export const moneyAmount = (opts: { positive?: boolean; max?: number } = {}) =>
  z
    .number({ message: 'must be a number' })
    .refine(Number.isFinite, 'must be finite')
    .refine((n) => hasAtMostDecimals(n, 2), 'must have at most 2 decimal places')
    .refine(
      (n) => (opts.positive ? n > 0 : n >= 0),
      opts.positive ? 'must be greater than 0' : 'must not be negative',
    )
    .refine((n) => n <= (opts.max ?? 9_999_999_999.99), 'is too large');

export const rateFraction = z
  .number({ message: 'must be a number' })
  .min(0, 'must be at least 0')
  .lt(1, 'must be less than 1 (a fraction: 0.1 means 10%)')
  .refine((n) => hasAtMostDecimals(n, 5), 'must have at most 5 decimal places');

export const percentage = z
  .number({ message: 'must be a number' })
  .min(0, 'must be at least 0')
  .max(100, 'must be at most 100')
  .refine((n) => hasAtMostDecimals(n, 2), 'must have at most 2 decimal places');

export const name = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters');
export const description = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(1000, 'must be at most 1000 characters');
export const notes = z.string().max(5000, 'must be at most 5000 characters');

export const successFlag = z.literal(true);

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});

export const errorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
  requestId: z.string(),
});
