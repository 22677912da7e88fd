import type { Auth } from 'firebase/auth';

// The Firebase Auth SDK, loaded on first need only (sign-in, admin, a signed-in session) so that
// it never weighs on pages that do not use it. The SDK keeps its session in IndexedDB itself.

export type AuthSdk = typeof import('firebase/auth');

export interface FirebaseAuthClient {
  auth: Auth;
  sdk: AuthSdk;
}

let client: Promise<FirebaseAuthClient> | null = null;

async function createClient(): Promise<FirebaseAuthClient> {
  const [config, { initializeApp }, sdk] = await Promise.all([
    // Loaded with the SDK: the configuration's schema (and zod with it) is not needed before.
    import('../public-config').then(({ getPublicConfig }) => getPublicConfig()),
    import('firebase/app'),
    import('firebase/auth'),
  ]);
  const app = initializeApp({
    apiKey: config.firebase.apiKey,
    projectId: config.firebase.projectId,
    authDomain: `${config.firebase.projectId}.firebaseapp.com`,
  });
  const auth = sdk.getAuth(app);
  if (config.firebase.authEmulatorHost) {
    sdk.connectAuthEmulator(auth, `http://${config.firebase.authEmulatorHost}`, { disableWarnings: true });
  }
  return { auth, sdk };
}

export function loadFirebaseAuth(): Promise<FirebaseAuthClient> {
  client ??= createClient().catch((e: unknown) => {
    client = null;
    throw e;
  });
  return client;
}
