// How the API client obtains the signed-in user's ID token. Registered by the session on every
// page (lib/auth), read by the client, which pages load with their own code.

type TokenGetter = () => Promise<string | null> | string | null;
let tokenGetter: TokenGetter | null = null;

/** Sign-in registers how to obtain the current ID token; null when signed out. */
export function setAuthTokenGetter(getter: TokenGetter | null): void {
  tokenGetter = getter;
}

/** The current ID token, or null for a guest. */
export async function authToken(): Promise<string | null> {
  return tokenGetter ? await tokenGetter() : null;
}
