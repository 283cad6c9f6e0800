import type { Response } from 'express';

export const SESSION_COOKIE = 'pfs_session';
export const REFRESH_COOKIE = 'pfs_refresh';
export const CSRF_COOKIE = 'pfs_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export interface CookieSettings {
  secure: boolean;
}

/**
 * The browser session: an HttpOnly access cookie, an HttpOnly refresh cookie scoped to the
 * auth routes, and a readable CSRF cookie the web client echoes in X-CSRF-Token.
 */
export function setSessionCookies(
  res: Response,
  settings: CookieSettings,
  tokens: {
    accessToken: string;
    refreshToken: string;
    accessExpiresAt: string;
    refreshExpiresAt: string;
  },
  csrfToken: string,
): void {
  const accessMaxAge = Math.max(0, Date.parse(tokens.accessExpiresAt) - Date.now());
  const refreshMaxAge = Math.max(0, Date.parse(tokens.refreshExpiresAt) - Date.now());
  const base = { secure: settings.secure, sameSite: 'lax' as const, path: '/' };
  res.cookie(SESSION_COOKIE, tokens.accessToken, { ...base, httpOnly: true, maxAge: accessMaxAge });
  res.cookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...base,
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/auth',
    maxAge: refreshMaxAge,
  });
  res.cookie(CSRF_COOKIE, csrfToken, { ...base, httpOnly: false, maxAge: refreshMaxAge });
}

export function clearSessionCookies(res: Response, settings: CookieSettings): void {
  const base = { secure: settings.secure, sameSite: 'lax' as const };
  res.clearCookie(SESSION_COOKIE, { ...base, path: '/' });
  res.clearCookie(REFRESH_COOKIE, { ...base, sameSite: 'strict', path: '/api/auth' });
  res.clearCookie(CSRF_COOKIE, { ...base, path: '/' });
}
