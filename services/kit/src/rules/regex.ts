import { RE2JS } from 're2js';

/**
 * Regular expressions of rules run on RE2 semantics (re2js): matching is linear in the input,
 * so a pattern such as (a+)+$ cannot backtrack catastrophically and stall a service.
 * Lookaround and backreferences are not supported; such a pattern fails validation.
 */
export interface LinearRegex {
  test(text: string): boolean;
}

export function compileRegex(pattern: string, caseSensitive: boolean): LinearRegex {
  const re = RE2JS.compile(pattern, caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
  return { test: (text) => re.matcher(text).find() };
}

/** The reason the pattern does not compile, or undefined when it does. */
export function regexError(pattern: string): string | undefined {
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
