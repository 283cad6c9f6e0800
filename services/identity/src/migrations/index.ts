import type { Migration } from '@pfs/kit';
import { users } from './001-users';
import { sessions } from './002-sessions';
import { apiKeys } from './003-api-keys';
import { loginFailures } from './004-login-failures';

/** Applied in key order; never rename or edit one that has shipped, add a new one. */
export const migrations: Record<string, Migration> = {
  '001-users': users,
  '002-sessions': sessions,
  '003-api-keys': apiKeys,
  '004-login-failures': loginFailures,
};
