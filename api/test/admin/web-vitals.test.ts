import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_VITALS_PER_REPORT } from '@shop/shared/schemas';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminCallers, type AdminCallers } from './admin-users.js';

// Field Core Web Vitals: browsers report LCP, INP and CLS as a shopper leaves a page; the admin
// reads each page's 75th percentile, and Prometheus scrapes them with the rest of /metrics.

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
let callers: AdminCallers;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN });
  callers = await adminCallers(t.store);
});
afterAll(() => t?.close());

const send = (metrics: unknown[]) => t.app.inject({ method: 'POST', url: '/metrics/vitals', payload: { metrics } });

describe('POST /metrics/vitals', () => {
  it("records a page's LCP, INP and CLS and the admin reads each page's 75th percentile", async () => {
    for (const lcp of [1200, 1800, 2400, 5200]) {
      const response = await send([
        { name: 'LCP', value: lcp, rating: lcp > 4000 ? 'poor' : 'good', page: '/store/product/:productId' },
        { name: 'INP', value: 120, rating: 'good', page: '/store/product/:productId' },
        { name: 'CLS', value: 0.02, rating: 'good', page: '/store/product/:productId' },
      ]);
      expect(response.statusCode).toBe(204);
    }
    const summary = await t.app.inject({ method: 'GET', url: '/api/admin/web-vitals', headers: callers.claimAdmin });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().pages).toEqual(
      expect.arrayContaining([
        { page: '/store/product/:productId', name: 'LCP', count: 4, p75: 2400, good: 3, poor: 1 },
        { page: '/store/product/:productId', name: 'INP', count: 4, p75: 120, good: 4, poor: 0 },
        { page: '/store/product/:productId', name: 'CLS', count: 4, p75: 0.02, good: 4, poor: 0 },
      ]),
    );

    const scraped = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraped.body).toContain('web_vitals_lcp_seconds_count{page="/store/product/:productId",rating="good"} 3');
    expect(scraped.body).toContain(
      'web_vitals_inp_seconds_bucket{le="0.15",page="/store/product/:productId",rating="good"} 4',
    );
  });

  it('takes only bounded reports: the route table’s patterns, three metrics, sane values, a few at a time', async () => {
    const bad = [
      [{ name: 'LCP', value: 1000, rating: 'good', page: '/store/product/tee-1' }],
      [{ name: 'FID', value: 10, rating: 'good', page: '/store' }],
      [{ name: 'LCP', value: -1, rating: 'good', page: '/store' }],
      [{ name: 'INP', value: 1e9, rating: 'poor', page: '/store' }],
      [{ name: 'CLS', value: 0.1, rating: 'fine', page: '/store' }],
      Array.from({ length: WEB_VITALS_PER_REPORT + 1 }, () => ({
        name: 'CLS',
        value: 0,
        rating: 'good',
        page: '/store',
      })),
      [],
    ];
    for (const metrics of bad) {
      const response = await send(metrics);
      expect(response.statusCode, JSON.stringify(metrics)).toBe(400);
      expect(response.json().error.code).toBe('invalid-argument');
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/metrics/vitals',
      payload: { metrics: [{ name: 'CLS', value: 0, rating: 'good', page: '/store', pad: 'x'.repeat(4096) }] },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('keeps the summary to admins', async () => {
    for (const headers of [callers.signedOut, callers.shopper]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/web-vitals', headers });
      expect([401, 403]).toContain(response.statusCode);
    }
  });
});
