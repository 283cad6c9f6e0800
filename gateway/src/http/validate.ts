import { AppError, type FieldIssue } from '@pfs/kit';
import type { z } from 'zod';

/** Parses one part of a request; every failing field is reported, with its path. */
export function parsePart<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: 'body' | 'query' | 'params',
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((i) => ({
    field: i.path.length ? i.path.join('.') : where,
    message: i.message,
  }));
  throw AppError.validation(issues, `Invalid request ${where}`);
}
