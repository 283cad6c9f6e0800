import { z } from 'zod';

export class ConfigError extends Error {}

/**
 * Validates the environment once at start-up; a service with a bad setting must refuse to
 * start and say which variable is wrong, rather than fail later on a request.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Treats an empty variable as unset, so `FOO=` behaves like no FOO at all. */
export const optionalString = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.string().optional(),
);

export const booleanFlag = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'),
    z.boolean(),
  );

export const intSetting = (fallback: number, min = 0) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : Number(v)),
    z.number().int().min(min),
  );
