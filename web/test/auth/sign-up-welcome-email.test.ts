import { describe, expect, test, vi } from 'vitest';

// docs/rules.md#the-signed-in-shopper: a new account asks the store for its welcome e-mail right
// after sign-up (the API sends it once per account); signing in asks for nothing.

const post = vi.fn(async (_path: string, _options?: unknown) => ({ queued: true }));
vi.mock('../../src/lib/api-client', () => ({ api: { post } }));
vi.mock('../../src/lib/auth/auth-session', () => ({
  authSession: { change: async () => undefined },
}));

describe('signing up', () => {
  test('asks for the welcome e-mail once the account exists; signing in does not', async () => {
    const { signInWithEmail, signUpWithEmail } = await import('../../src/lib/auth/auth-actions');
    await signInWithEmail('ada@example.com', 'pw');
    await vi.dynamicImportSettled();
    expect(post).not.toHaveBeenCalled();
    await signUpWithEmail('ada@example.com', 'pw');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('/account/welcome', expect.anything());
  });
});
