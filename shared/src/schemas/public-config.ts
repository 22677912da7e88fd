import { z } from 'zod';

// GET /api/config/public: what the SPA needs at run time and may know publicly (where sign-in
// happens, whether payments and products are sandboxed). Nothing secret belongs here.

export const publicConfigSchema = z.object({
  firebase: z.object({
    projectId: z.string().min(1),
    apiKey: z.string().min(1),
    authEmulatorHost: z.string().nullable(),
  }),
  stripe: z.object({ publishableKey: z.string().nullable(), sandbox: z.boolean() }),
  printful: z.object({ sandbox: z.boolean() }),
  /** Where the third-party cookie check may be framed from; the page takes the first not on its own host. */
  cookieProbeOrigins: z.array(z.url()),
  /** STUDIO_TIMEZONE: the zone every admin page reads and enters times in (docs/admin.md#times). */
  studioTimeZone: z.string().min(1),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
