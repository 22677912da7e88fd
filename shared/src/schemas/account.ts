import { z } from 'zod';
import { QUOTE_EMAIL_MAX_LENGTH } from '../constants/index.js';
import { MESSAGES } from '../errors/index.js';
import { sitePathSchema } from './store-forms.js';

/** GET /api/account/role: whether the signed-in caller is an admin, as the admin routes decide it. */
export const accountRoleSchema = z.object({ admin: z.boolean() });
export type AccountRole = z.infer<typeof accountRoleSchema>;

/**
 * POST /api/auth/password-reset: the address to send a link for choosing a new password to, and the
 * page the shopper asked from (where the link's page lands them once signed in).
 */
export const passwordResetRequestSchema = z.object({
  email: z
    .string({ error: MESSAGES.passwordResetEmailInvalid })
    .trim()
    .max(QUOTE_EMAIL_MAX_LENGTH, { error: MESSAGES.passwordResetEmailInvalid })
    .pipe(z.email({ error: MESSAGES.passwordResetEmailInvalid })),
  returnTo: sitePathSchema.optional(),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** Its 202: the same sentence whether or not the address has an account (docs/limits.md#account-enumeration). */
export const passwordResetAcceptedSchema = z.object({ message: z.string() });
export type PasswordResetAccepted = z.infer<typeof passwordResetAcceptedSchema>;

/** The `password-reset` job on `notifications`: the address as typed, never a link or a code. */
export const passwordResetJobDataSchema = passwordResetRequestSchema;
export type PasswordResetJobData = z.infer<typeof passwordResetJobDataSchema>;

/** The welcome e-mail's job (docs/rules.md#the-signed-in-shopper): the new account's address. */
export const welcomeJobDataSchema = z.object({ email: z.email() });
export type WelcomeJobData = z.infer<typeof welcomeJobDataSchema>;

/** POST /api/account/welcome: whether this call queued the e-mail (false: it was queued before, or no address). */
export const welcomeAcceptedSchema = z.object({ queued: z.boolean() });
export type WelcomeAccepted = z.infer<typeof welcomeAcceptedSchema>;

/** One welcome e-mail per account: the job's id, so a repeated request queues nothing new. */
export const welcomeEmailJobId = (uid: string) => `welcome-${uid}`;
