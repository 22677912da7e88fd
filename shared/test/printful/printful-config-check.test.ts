import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../src/server/config/index.js';
import { checkPrintfulConfig } from '../../src/providers/printful/index.js';

// The sync page shows this answer to an operator: which Printful was asked and why it failed, in
// words, never an address, a setting's name or the key.

function answering(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Printful settings check', () => {
  it("names the studio's Printful account in words when a key is set", async () => {
    answering(200);
    const check = await checkPrintfulConfig(parseConfig({ PRINTFUL_API_KEY: 'pk-live-secret' }));
    expect(check).toEqual({
      success: true,
      message: "Connected to Printful with the studio's account: product syncs can run",
    });
  });

  it('says a refused key in words, naming no setting, address or key', async () => {
    answering(401);
    const check = await checkPrintfulConfig(parseConfig({ PRINTFUL_API_KEY: 'pk-live-secret' }));
    expect(check.success).toBe(false);
    expect(check.message).toBe(
      "Printful refused the studio's credentials (HTTP 401): check the Printful API key and store id in the server's settings",
    );
    expect(check.message).not.toMatch(/PRINTFUL_|https?:|pk-live/);
  });

  it('calls the development default the local Printful sandbox, not its address', async () => {
    answering(200);
    const check = await checkPrintfulConfig(parseConfig({}));
    expect(check.message).toBe(
      'Connected to the local Printful sandbox (no Printful account is connected yet): product syncs can run',
    );
  });
});
