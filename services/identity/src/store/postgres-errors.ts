/** True when a write broke a unique index (optionally a specific one). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, constraint: violated } = err as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || violated === constraint);
}
