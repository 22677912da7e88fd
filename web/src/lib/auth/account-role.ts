import { accountRoleSchema } from '@shop/shared/schemas';
import { api } from '../api-client';

// Whether the signed-in caller is an admin, as the API decides it for every admin route: the
// `admin` claim or `users/{uid}.isAdmin` (docs/admin.md). Its own module, loaded only once someone
// is signed in, so the first script of every page carries neither the API client nor the schema.

export async function fetchIsAdmin(): Promise<boolean> {
  const role = await api.get('/account/role', { schema: accountRoleSchema, retry: false });
  return role.admin;
}
