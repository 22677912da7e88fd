import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigSchema } from '@shop/shared/schemas';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// docs/admin.md#times: the admin's pages read the studio's zone from the public configuration, so a
// studio outside the default zone reads its own times on every admin page.

describe('GET /api/config/public', () => {
  let paris: TestApp;
  let fallback: TestApp;
  beforeAll(async () => {
    paris = await createTestApp({ STUDIO_TIMEZONE: 'Europe/Paris' });
    fallback = await createTestApp({ STUDIO_TIMEZONE: '' });
  });
  afterAll(async () => {
    await paris?.close();
    await fallback?.close();
  });

  it("names the studio's time zone from STUDIO_TIMEZONE", async () => {
    const res = await paris.app.inject({ method: 'GET', url: '/api/config/public' });
    expect(res.statusCode).toBe(200);
    const body = publicConfigSchema.parse(res.json());
    expect(body.studioTimeZone).toBe('Europe/Paris');
  });

  it('names the default zone when STUDIO_TIMEZONE is not set', async () => {
    const res = await fallback.app.inject({ method: 'GET', url: '/api/config/public' });
    expect(publicConfigSchema.parse(res.json()).studioTimeZone).toBe('America/Los_Angeles');
  });
});
