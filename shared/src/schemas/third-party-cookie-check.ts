import { z } from 'zod';

// The third-party cookie check (spec: the banner when third-party cookies are blocked): the SPA
// frames `path` on another site (PublicConfig.cookieProbeOrigins), the frame tries to keep
// `cookie` and posts a message of this shape to its parent.

export const THIRD_PARTY_COOKIE_CHECK = {
  path: '/cookie-probe',
  cookie: 'third-party-cookie-check',
  messageType: 'third-party-cookie-check',
} as const;

export const cookieCheckMessageSchema = z.object({
  type: z.literal(THIRD_PARTY_COOKIE_CHECK.messageType),
  cookiesKept: z.boolean(),
});
export type CookieCheckMessage = z.infer<typeof cookieCheckMessageSchema>;
