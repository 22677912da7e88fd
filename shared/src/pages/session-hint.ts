import { AUTH_SESSION_HINT_KEY } from '../constants/site.js';

// A signed-in shopper's new tab must not offer "Sign in" while the app is on its way (the app's
// scripts load after the first paint, paint-first.ts). The server renders every page signed out,
// as it never sees a browser's session, so the header's first paint reads "Sign in". This one line
// in the head, before anything paints, marks the page when this browser kept a session (the same
// local-storage flag the app reads); the stylesheet then keeps the "Sign in" link's space but
// paints nothing in it, until the app knows who is there and draws "Account" or "Sign in"
// (web/src/lib/auth/auth-session.ts removes the mark). Inline, so it costs no request; the
// content-security policy allows exactly this script by its hash (api/src/plugins/security.ts).

/** `<html class>` while a session kept by this browser is being restored. */
export const SESSION_HINT_CLASS = 'session-pending';

/** The inline script's exact text (its hash is in the content-security policy). */
export const SESSION_HINT_SCRIPT = `try{localStorage.getItem(${JSON.stringify(AUTH_SESSION_HINT_KEY)})&&document.documentElement.classList.add(${JSON.stringify(SESSION_HINT_CLASS)})}catch(e){}`;

const tag = `<script>${SESSION_HINT_SCRIPT}</script>`;

/** The built index.html with the hint script in its head, right after the charset. */
export function withSessionHint(html: string): string {
  if (html.includes(tag)) return html;
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  return charset.test(html)
    ? html.replace(charset, (meta) => `${meta}\n    ${tag}`)
    : html.replace(/<head>/i, (head) => `${head}\n    ${tag}`);
}
