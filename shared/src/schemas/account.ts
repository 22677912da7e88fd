import { z } from 'zod';

/** GET /api/account/role: whether the signed-in caller is an admin, as the admin routes decide it. */
export const accountRoleSchema = z.object({ admin: z.boolean() });
export type AccountRole = z.infer<typeof accountRoleSchema>;
