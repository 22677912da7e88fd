// Seeding for `npm start`: the admin account in the Auth emulator and the demo catalogue, which is
// loaded the way an admin would: signing in and queueing a real sync job through the API.
import { log, waitFor } from './services.mjs';

export const DEFAULT_ADMIN_PASSWORD = 'admin-password';

/** `env` is the environment npm start runs with (.env included). */
export async function seedAdmin(env) {
  const email = env.ADMIN_EMAIL || 'admin@studio.local';
  const password = env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD;
  if (!env.FIREBASE_AUTH_EMULATOR_HOST) return { email, password, emulator: null };
  process.env.FIREBASE_AUTH_EMULATOR_HOST = env.FIREBASE_AUTH_EMULATOR_HOST;
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const app = initializeApp({ projectId: env.FIREBASE_PROJECT_ID }, 'seed');
  try {
    const auth = getAuth(app);
    let user = await auth.getUserByEmail(email).catch(() => null);
    if (!user) {
      user = await auth.createUser({ email, password, displayName: 'Store admin', emailVerified: true });
      log(`created the admin account ${email}`);
    }
    if (user.customClaims?.admin !== true)
      await auth.setCustomUserClaims(user.uid, { ...user.customClaims, admin: true });
  } finally {
    await deleteApp(app);
  }
  return { email, password, emulator: env.FIREBASE_AUTH_EMULATOR_HOST };
}

/** The login line npm start prints: an operator's own password is theirs to know, never echoed. */
export function adminLoginLine(admin) {
  const password = admin.password === DEFAULT_ADMIN_PASSWORD ? admin.password : '(the ADMIN_PASSWORD you set)';
  return `Admin login: ${admin.email} / ${password}`;
}

async function adminToken(admin) {
  const res = await fetch(
    `http://${admin.emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password, returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`admin sign-in failed: ${res.status}`);
  return (await res.json()).idToken;
}

export async function seedCatalogue({ port, admin }) {
  if (!admin.emulator) return;
  const base = `http://127.0.0.1:${port}/api`;
  const headers = { authorization: `Bearer ${await adminToken(admin)}`, 'content-type': 'application/json' };
  const res = await fetch(`${base}/admin/products/sync`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ fullSync: true, includeArchived: false }),
  });
  if (res.status !== 202) throw new Error(`could not queue the catalogue sync: ${res.status} ${await res.text()}`);
  const { jobId } = await res.json();
  log(`syncing the demo catalogue from the Printful sandbox (job ${jobId})...`);
  let last;
  await waitFor(
    async () => {
      const r = await fetch(`${base}/admin/products/sync/jobs/${jobId}`, { headers });
      if (!r.ok) return false;
      last = await r.json();
      if (last.state === 'failed') throw new Error(`catalogue sync failed: ${JSON.stringify(last.result ?? last)}`);
      return last.state === 'completed';
    },
    // The first sync also makes every product picture (docs/performance.md#product-pictures): about a minute on two cores.
    { what: 'catalogue sync', timeoutMs: 600_000, intervalMs: 500 },
  );
  const c = last.result ?? {};
  log(
    `catalogue ready: ${c.created ?? 0} created, ${c.updated ?? 0} updated, ${c.deleted ?? 0} deleted, ${c.failed ?? 0} failed` +
      (last.pictureFailures?.length ? `; ${last.pictureFailures.length} pictures not made (placeholder shown)` : ''),
  );
}
