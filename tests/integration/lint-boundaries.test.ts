import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { lintAt, repoLint, repoRoot } from '../fixtures/repo-lint';

// The repository's own eslint.config.js: a file placed in one zone that imports from a forbidden one
// must fail lint, and the allowed directions must not.
const ruleIds = (messages: Linter.LintMessage[]) => messages.map((message) => message.ruleId);

describe('web feature boundaries', () => {
  it("fails lint when a feature imports another feature's internals", async () => {
    const messages = await lintAt(
      'web/src/features/cart/components/probe.tsx',
      "import { useStore } from '../../store/use-store';\nexport const probe = useStore;\n",
    );
    expect(ruleIds(messages)).toContain('import-x/no-restricted-paths');
    expect(messages.find((m) => m.ruleId === 'import-x/no-restricted-paths')?.message).toContain(
      'A feature may not import another feature',
    );
  });

  it('fails lint when a feature imports from app/', async () => {
    const messages = await lintAt(
      'web/src/features/store/probe.ts',
      "import { AppRouter } from '../../app/router';\nexport const probe = AppRouter;\n",
    );
    expect(ruleIds(messages)).toContain('import-x/no-restricted-paths');
  });

  it('fails lint when a shared folder imports a feature', async () => {
    const messages = await lintAt(
      'web/src/components/ui/probe.tsx',
      "import { CartPage } from '../../features/cart/components/cart-page';\nexport const probe = CartPage;\n",
    );
    expect(ruleIds(messages)).toContain('import-x/no-restricted-paths');
  });

  it('passes a feature importing its own files and the shared folders, and a route composing features', async () => {
    const feature = await lintAt(
      'web/src/features/store/probe.ts',
      [
        "import { useStore } from './use-store';",
        "import { formatPrice } from '../../lib/catalog/format-price';",
        "import { useIsOffline } from '../../hooks/use-online';",
        'export const probe = [useStore, formatPrice, useIsOffline];',
        '',
      ].join('\n'),
    );
    expect(feature).toEqual([]);
    const route = await lintAt(
      'web/src/app/routes/probe.tsx',
      [
        "import { CartPage } from '../../features/cart/components/cart-page';",
        "import { ShippingEstimate } from '../../features/checkout/components/shipping-estimate';",
        'export const probe = [CartPage, ShippingEstimate];',
        '',
      ].join('\n'),
    );
    expect(route).toEqual([]);
  });
});

describe('layers below the web', () => {
  const restricted = (messages: Linter.LintMessage[]) =>
    messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);

  it('fails lint when a wire schema imports a domain rule or server code', async () => {
    const messages = await lintAt(
      'shared/src/schemas/probe.ts',
      [
        "import { cartTotals } from '../domain/cart/cart-totals.js';",
        "import { COLLECTIONS } from '../server/collections/index.js';",
        'export const probe = [cartTotals, COLLECTIONS];',
        '',
      ].join('\n'),
    );
    expect(restricted(messages)).toHaveLength(2);
    expect(restricted(messages)[0]).toContain('Schemas, constants and messages are the bottom layer');
  });

  it('fails lint when a domain rule imports server code', async () => {
    const messages = await lintAt(
      'shared/src/domain/cart/probe.ts',
      "import { COLLECTIONS } from '../../server/collections/index.js';\nexport const probe = COLLECTIONS;\n",
    );
    expect(restricted(messages)).toEqual([expect.stringContaining('Domain rules are pure')]);
  });

  it('fails lint when one app imports another, or shared imports an app', async () => {
    const api = await lintAt(
      'api/src/probe.ts',
      "import { jobModules } from '../../worker/src/jobs/index.js';\nexport const probe = jobModules;\n",
    );
    expect(restricted(api)).toEqual([expect.stringContaining('web, api and worker share code only through shared/.')]);
    const shared = await lintAt(
      'shared/src/server/probe.ts',
      "import { buildApp } from '../../../api/src/app.js';\nexport const probe = buildApp;\n",
    );
    expect(restricted(shared)).toEqual([expect.stringContaining('shared/ is imported by web, api and worker')]);
  });

  it('passes a domain rule importing a schema, and server code importing both', async () => {
    const domain = await lintAt(
      'shared/src/domain/cart/probe.ts',
      "import { cartItemSchema } from '../../schemas/cart-item.js';\nexport const probe = cartItemSchema;\n",
    );
    expect(restricted(domain)).toEqual([]);
    const server = await lintAt(
      'shared/src/server/probe.ts',
      [
        "import { cartItemSchema } from '../schemas/cart-item.js';",
        "import { cartTotals } from '../domain/cart/cart-totals.js';",
        'export const probe = [cartItemSchema, cartTotals];',
        '',
      ].join('\n'),
    );
    expect(restricted(server)).toEqual([]);
  });
});

describe('a provider in one folder: pure wire and rules, server client', () => {
  const restricted = (messages: Linter.LintMessage[]) =>
    messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);

  it("fails lint when a provider's pure rule imports its client, server code or Node", async () => {
    const messages = await lintAt(
      'shared/src/providers/printful/external-id.ts',
      [
        "import { randomUUID } from 'node:crypto';",
        "import { createPrintfulClient } from './client.js';",
        "import { COLLECTIONS } from '../../server/collections/index.js';",
        'export const probe = [randomUUID, createPrintfulClient, COLLECTIONS];',
        '',
      ].join('\n'),
    );
    expect(restricted(messages)).toEqual([
      expect.stringContaining("A provider's wire shapes and pure rules do no I/O"),
      expect.stringContaining("A provider's wire shapes and pure rules do no I/O"),
    ]);
    expect(ruleIds(messages)).toContain('import-x/no-nodejs-modules');
  });

  it("fails lint when a provider's wire shapes import a domain rule", async () => {
    const messages = await lintAt(
      'shared/src/providers/printful/wire.ts',
      "import { cartTotals } from '../../domain/cart/cart-totals.js';\nexport const probe = cartTotals;\n",
    );
    expect(restricted(messages)).toEqual([
      expect.stringContaining('Schemas, constants and messages are the bottom layer'),
    ]);
  });

  it("fails lint when a domain rule imports a provider's client", async () => {
    const messages = await lintAt(
      'shared/src/domain/product/probe.ts',
      "import { createPrintfulClient } from '../../providers/printful/client.js';\nexport const probe = createPrintfulClient;\n",
    );
    expect(restricted(messages)).toEqual([expect.stringContaining('Domain rules are pure')]);
  });

  it("fails lint when an API file outside the provider's services imports the provider", async () => {
    const messages = await lintAt(
      'api/src/services/checkout/probe.ts',
      "import { createStripeClient } from '@shop/shared/providers/stripe';\nexport const probe = createStripeClient;\n",
    );
    expect(messages.map((m) => m.message)).toEqual([
      expect.stringContaining('Stripe and Printful are reached through api/src/services/stripe'),
    ]);
    const inside = await lintAt(
      'api/src/services/stripe/probe.ts',
      "import { createStripeClient } from '@shop/shared/providers/stripe';\nexport const probe = createStripeClient;\n",
    );
    expect(inside).toEqual([]);
  });

  it("passes a domain rule importing a provider's wire shapes and rules, and the client importing both", async () => {
    const domain = await lintAt(
      'shared/src/domain/product/probe.ts',
      [
        "import { printfulProductDetailSchema } from '../../providers/printful/wire.js';",
        "import { normaliseStorefrontProduct } from '../../providers/printful/normalise-product.js';",
        'export const probe = [printfulProductDetailSchema, normaliseStorefrontProduct];',
        '',
      ].join('\n'),
    );
    expect(restricted(domain)).toEqual([]);
    const client = await lintAt(
      'shared/src/providers/printful/probe.ts',
      [
        "import { setTimeout } from 'node:timers/promises';",
        "import { printfulProductDetailSchema } from './wire.js';",
        "import { loadConfig } from '../../server/config/index.js';",
        'export const probe = [setTimeout, printfulProductDetailSchema, loadConfig];',
        '',
      ].join('\n'),
    );
    expect(client).toEqual([]);
  });
});

describe('the API pipeline: plugins -> services -> routes (issue 30)', () => {
  const restricted = (messages: Linter.LintMessage[]) =>
    messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);

  it('fails lint when a plugin imports a service or a route', async () => {
    const messages = await lintAt(
      'api/src/plugins/probe.ts',
      [
        "import { Precompressed } from '../services/http/precompressed.js';",
        "import { routes } from '../routes/index.js';",
        'export const probe = [Precompressed, routes];',
        '',
      ].join('\n'),
    );
    expect(restricted(messages)).toEqual([
      expect.stringContaining('api/src/plugins is infrastructure'),
      expect.stringContaining('api/src/plugins is infrastructure'),
    ]);
  });

  it('fails lint when a service imports a route', async () => {
    const messages = await lintAt(
      'api/src/services/pages/probe.ts',
      "import blogRoutes from '../../routes/blog/index.js';\nexport const probe = blogRoutes;\n",
    );
    expect(restricted(messages)).toEqual([expect.stringContaining('api/src/services may not import routes')]);
  });

  it('passes a route importing services and plugins, and a service importing a plugin', async () => {
    const route = await lintAt(
      'api/src/routes/pages/probe.ts',
      [
        "import { sendPage } from '../../services/pages/send-page.js';",
        "import { isServerPath } from '../../plugins/server-paths.js';",
        'export const probe = [sendPage, isServerPath];',
        '',
      ].join('\n'),
    );
    expect(restricted(route)).toEqual([]);
    const service = await lintAt(
      'api/src/services/checkout/probe.ts',
      "import { isSiteOrigin } from '../../plugins/site-origin.js';\nexport const probe = isSiteOrigin;\n",
    );
    expect(restricted(service)).toEqual([]);
  });
});

describe('routes talk to services, never to the store', () => {
  const storeErrors = (messages: Linter.LintMessage[]) =>
    messages
      .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
      .map((m) => m.message);

  it('fails lint when a route imports the store, the collections, the order module or services/store', async () => {
    for (const source of [
      '@shop/shared/server/store',
      '@shop/shared/server/collections',
      '@shop/shared/server/orders',
      '../../services/store/store-read.js',
    ]) {
      const messages = await lintAt(
        'api/src/routes/admin/probe.routes.ts',
        `import * as probe from '${source}';\nexport default probe;\n`,
      );
      expect(storeErrors(messages), source).toEqual([expect.stringContaining('Routes talk to services')]);
    }
  });

  it("fails lint when a route reaches app.store or the order module's records", async () => {
    const messages = await lintAt(
      'api/src/routes/quotes/probe.ts',
      [
        "import type { FastifyInstance } from 'fastify';",
        "export const probe = (app: FastifyInstance) => [app.store.ping(), app.orderRecords.readOrder('o1')];",
        '',
      ].join('\n'),
    );
    expect(storeErrors(messages)).toHaveLength(2);
  });

  it('fails lint when a route imports the queues, the order codes, a provider or a queue, Redis or Stripe library', async () => {
    for (const source of [
      '@shop/shared/server/queues',
      '@shop/shared/server/order-codes',
      '@shop/shared/providers/stripe',
      'bullmq',
      'ioredis',
      'stripe',
      '../../services/queues/queue-or-unavailable.js',
      '../../services/stripe/stripe-refunds.js',
    ]) {
      const messages = await lintAt(
        'api/src/routes/admin/probe.routes.ts',
        `import * as probe from '${source}';\nexport default probe;\n`,
      );
      expect(storeErrors(messages).length, source).toBeGreaterThan(0);
    }
  });

  it('fails lint when a route reaches the queues or Redis, however spelt, or destructures the store from app', async () => {
    const messages = await lintAt(
      'api/src/routes/orders/probe.routes.ts',
      [
        "import type { FastifyInstance } from 'fastify';",
        'export const probe = async (app: FastifyInstance) => {',
        '  const { store } = app;',
        "  await app.queues.notifications.add('x', {});",
        "  await app['redis'].ping();",
        '  return store;',
        '};',
        '',
      ].join('\n'),
    );
    expect(storeErrors(messages)).toHaveLength(3);
    expect(storeErrors(messages)).toEqual(Array(3).fill(expect.stringContaining('Routes do not queue jobs')));
  });

  it("fails lint when a route takes the store or a queue by a parameter's or a quoted key's destructuring", async () => {
    const messages = await lintAt(
      'api/src/routes/orders/probe.routes.ts',
      [
        "import type { FastifyInstance } from 'fastify';",
        'export const byParameter = async ({ queues }: FastifyInstance) => queues;',
        "export const byQuotedKey = (app: FastifyInstance) => { const { ['store']: s } = app; return s; };",
        'export const byRenaming = (app: FastifyInstance) => { const { redis: r } = app; return r; };',
        '',
      ].join('\n'),
    );
    expect(storeErrors(messages)).toEqual(Array(3).fill(expect.stringContaining('Routes do not queue jobs')));
  });

  it('passes a route that asks a service, and a service that holds the store', async () => {
    const route = await lintAt(
      'api/src/routes/admin/probe.routes.ts',
      [
        "import type { FastifyInstance } from 'fastify';",
        "export const probe = (app: FastifyInstance) => [app.orders.read('o1'), app.quotes.list(undefined)];",
        '',
      ].join('\n'),
    );
    expect(storeErrors(route)).toEqual([]);
    const service = await lintAt(
      'api/src/services/quotes/probe.ts',
      [
        "import { COLLECTIONS } from '@shop/shared/server/collections';",
        "import type { DocumentStore } from '@shop/shared/server/store';",
        "export const probe = (store: DocumentStore) => store.get(COLLECTIONS.quotes, 'q1');",
        '',
      ].join('\n'),
    );
    expect(storeErrors(service)).toEqual([]);
  });
});

describe('build scripts and benchmarks keep their layer', () => {
  const restricted = (messages: Linter.LintMessage[]) =>
    messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);

  it("fails lint when the web's build script imports the API's code", async () => {
    const messages = await lintAt(
      'web/scripts/probe.ts',
      "import { buildApp } from '../../api/src/app.js';\nexport const probe = buildApp;\n",
    );
    expect(restricted(messages)).toEqual([expect.stringContaining('web/scripts builds the SPA')]);
  });

  it("fails lint when an API benchmark imports the worker's code", async () => {
    const messages = await lintAt(
      'api/bench/probe.bench.ts',
      "import { jobModules } from '../../worker/src/jobs/index.js';\nexport const probe = jobModules;\n",
    );
    expect(restricted(messages)).toEqual([expect.stringContaining('api/bench measures the API')]);
  });

  it('passes the build script reading the blog through shared/, and a benchmark building the app', async () => {
    const script = await lintAt(
      'web/scripts/probe.ts',
      "import { loadBlogIndex } from '@shop/shared/server/blog';\nexport const probe = loadBlogIndex;\n",
    );
    expect(restricted(script)).toEqual([]);
    const bench = await lintAt(
      'api/bench/probe.bench.ts',
      "import { buildApp } from '../src/app.js';\nexport const probe = buildApp;\n",
    );
    expect(restricted(bench)).toEqual([]);
  });
});

describe('React, not Preact (issue 24)', () => {
  const preactErrors = (messages: Linter.LintMessage[]) =>
    messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);

  it.each([
    ['web/src/main.tsx', "import { hydrate } from 'preact';\nexport const probe = hydrate;\n"],
    ['web/src/hooks/probe.ts', "import { useState } from 'preact/compat';\nexport const probe = useState;\n"],
    [
      'web/src/prerender/probe.tsx',
      "import { render } from 'preact-render-to-string';\nexport const probe = render;\n",
    ],
    ['web/vite.config.ts', "import preact from '@preact/preset-vite';\nexport const probe = preact;\n"],
    ['tests/e2e/probe.test.ts', "import { render } from '@testing-library/preact';\nexport const probe = render;\n"],
  ])('fails lint when %s imports Preact', async (file, code) => {
    const errors = preactErrors(await lintAt(file, code));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('import from react / react-dom, not Preact');
  });

  it('passes React and React DOM imports', async () => {
    const messages = await lintAt(
      'web/src/hooks/probe.ts',
      [
        "import { useSyncExternalStore } from 'react';",
        "import { hydrateRoot } from 'react-dom/client';",
        "import { renderToString } from 'react-dom/server';",
        'export const probe = [useSyncExternalStore, hydrateRoot, renderToString];',
        '',
      ].join('\n'),
    );
    expect(preactErrors(messages)).toEqual([]);
  });
});

describe('import cycles', () => {
  // A cycle needs both modules on disk, so two throwaway modules are written inside the repository
  // (outside it, the config's file patterns would not apply).
  const dir = mkdtempSync(join(repoRoot, 'tests/integration/lint-cycle-probe-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails lint when two modules import each other', async () => {
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    const [result] = await repoLint.lintFiles([join(dir, 'a.ts')]);
    expect(ruleIds(result.messages)).toContain('import-x/no-cycle');
  });
});
