import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// bulletproof-react's zones: a feature is self-contained, app/ composes features, and the shared
// folders stay below both, so code only flows shared -> features -> app.
const webBoundaryZones = [
  ...webFeatures.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message:
      'A feature may not import another feature; compose them in web/src/app or move the shared piece to components/, lib/ or hooks/.',
  })),
  {
    target: './web/src/features',
    from: './web/src/app',
    message: 'Features may not import from app/; app/ composes features, not the reverse.',
  },
  {
    target: ['./web/src/components', './web/src/hooks', './web/src/lib', './web/src/config'],
    from: ['./web/src/features', './web/src/app'],
    message: 'Shared folders (components, hooks, lib, config) may not import features or app/.',
  },
];

// Each provider (Stripe, Printful) has one folder, shared/src/providers/<name>. Its wire shapes and
// the pure rules over them sit at the domain's level (domain rules and the SPA import them); the
// rest of the folder (client, pacer, errors, configuration check) is server code.
const PROVIDERS = './shared/src/providers';
const PROVIDER_WIRE = [
  `${PROVIDERS}/printful/wire.ts`,
  ...['products', 'envelope', 'orders', 'shipping', 'webhooks'].map((part) => `${PROVIDERS}/printful/wire-${part}.ts`),
  `${PROVIDERS}/printful/stored-product.ts`,
];
const PROVIDER_RULES = [
  ...PROVIDER_WIRE,
  `${PROVIDERS}/printful/normalise-product.ts`,
  `${PROVIDERS}/printful/external-id.ts`,
  `${PROVIDERS}/printful/order-check.ts`,
  `${PROVIDERS}/printful/catalog-variants.ts`,
  `${PROVIDERS}/printful/rules.ts`,
  `${PROVIDERS}/printful/order-model.ts`,
  `${PROVIDERS}/stripe/state-model.ts`,
  `${PROVIDERS}/stripe/rules.ts`,
];
const PROVIDER_RULE_FILES = PROVIDER_RULES.map((file) => file.slice(2));
const PROVIDER_PURE_MESSAGE =
  "A provider's wire shapes and pure rules do no I/O: no client, no server code, no Node built-ins (the SPA and the domain rules import them).";

// The layers below the web: shared is imported by web, api and worker and imports none of them;
// the three apps never import each other. Inside shared, wire contracts (schemas, a provider's
// wire shapes), constants and messages stand alone, domain rules and a provider's pure rules build
// on them, and only server/ and the providers' clients do I/O.
const layerZones = [
  {
    target: './shared/src',
    from: ['./web', './api', './worker'],
    message: 'shared/ is imported by web, api and worker; it may not import them.',
  },
  ...['web', 'api', 'worker'].map((app) => ({
    target: `./${app}/src`,
    from: ['web', 'api', 'worker'].filter((other) => other !== app).map((other) => `./${other}`),
    message: 'web, api and worker share code only through shared/.',
  })),
  {
    target: ['./shared/src/schemas', './shared/src/constants', './shared/src/errors'],
    from: ['./shared/src/domain', './shared/src/server', './shared/src/pages', PROVIDERS],
    message:
      'Schemas, constants and messages are the bottom layer: the domain and server code import them, not the reverse.',
  },
  {
    // A provider's wire shapes belong to the bottom layer too: zod only.
    target: PROVIDER_WIRE,
    from: ['./shared/src/domain', './shared/src/server', './shared/src/pages'],
    message:
      'Schemas, constants and messages are the bottom layer: the domain and server code import them, not the reverse.',
  },
  {
    target: './shared/src/domain',
    from: ['./shared/src/server', './shared/src/pages'],
    message: 'Domain rules are pure: they may not import server code (stores, queues, providers).',
  },
  {
    target: './shared/src/domain',
    from: PROVIDERS,
    except: PROVIDER_RULES.map((file) => `.${file.slice(PROVIDERS.length)}`),
    message:
      "Domain rules are pure: they may import a provider's wire shapes and pure rules, not its client or other server code.",
  },
  {
    target: PROVIDER_RULES,
    from: ['./shared/src/server', './shared/src/pages'],
    message: PROVIDER_PURE_MESSAGE,
  },
  {
    target: PROVIDER_RULES,
    from: PROVIDERS,
    except: PROVIDER_RULES.map((file) => `.${file.slice(PROVIDERS.length)}`),
    message: PROVIDER_PURE_MESSAGE,
  },
];

// fastify/demo's pipeline inside the API: infrastructure plugins, then the services built on them,
// then the routes that use both. Nothing points back up, so a plugin never waits on a service's
// code and a service can be tested without any route.
const apiPipelineZones = [
  {
    target: './api/src/plugins',
    from: ['./api/src/services', './api/src/routes'],
    message:
      'api/src/plugins is infrastructure: it may not import services or routes (plugins -> services -> routes). Move the shared piece to shared/ or into the plugin.',
  },
  {
    target: './api/src/services',
    from: './api/src/routes',
    message:
      'api/src/services may not import routes (plugins -> services -> routes); move the shared code into a service.',
  },
];

// Scripts and benchmarks sit beside an app's src/ and keep its layer: the web's build scripts
// reach the API's code only through shared/, and the API's benchmarks drive the app through
// buildApp, never the worker's or the web's code.
const scriptZones = [
  {
    target: './web/scripts',
    from: ['./api', './worker'],
    message:
      'web/scripts builds the SPA: it may use web/ and shared/, not api/ or worker/ (move the piece to shared/).',
  },
  {
    target: './api/bench',
    from: ['./web', './worker'],
    message: 'api/bench measures the API: it may use api/, shared/ and the test fixtures, not web/ or worker/.',
  },
];

const PREACT_MESSAGE =
  'The SPA runs on React and React DOM (issue 24): import from react / react-dom, not Preact or its compatibility layer.';

const ORDER_WRITER_MESSAGE =
  'Orders are read and written only through @shop/shared/server/orders (issue 30: one writer for orders).';
const TEAM_ORDER_WRITER_MESSAGE =
  'Team orders are read and written only through @shop/shared/server/team-orders (one writer for team orders).';
const RECOVERY_WRITER_MESSAGE =
  'Checkout recoveries and e-mail opt-outs are read and written only through @shop/shared/server/recovery (one writer each).';
const WELCOME_WRITER_MESSAGE =
  'The welcome marks are read and written only by api/src/services/account (app.welcomeEmails: one writer).';
const ONE_WRITER_FILES = [
  '{shared,api,worker,web}/src/**/*.{ts,tsx}',
  '{scripts,bench}/**/*.{ts,js,mjs}',
  'api/bench/**/*.ts',
];
/** Every way code could name a collection: the registry's key, a string argument, a batch op. */
const oneWriterSelectors = (name, message) =>
  [
    `MemberExpression[object.name='COLLECTIONS'][property.name='${name}']`,
    `MemberExpression[object.name='COLLECTIONS'][property.value='${name}']`,
    `CallExpression[callee.property.name=/^(get|getMany|set|update|delete|query)$/][arguments.0.value='${name}']`,
    `CallExpression[callee.name='scanCollection'][arguments.1.value='${name}']`,
    `Property[key.name='collection'][value.value='${name}']`,
  ].map((selector) => ({ selector, message }));
/** Each one-writer collection with the module (under shared/src/server/) that alone may name it. */
const ONE_WRITERS = [
  { name: 'orders', message: ORDER_WRITER_MESSAGE, module: 'orders' },
  { name: 'teamOrders', message: TEAM_ORDER_WRITER_MESSAGE, module: 'team-orders' },
  { name: 'checkoutRecoveries', message: RECOVERY_WRITER_MESSAGE, module: 'recovery' },
  { name: 'emailOptOuts', message: RECOVERY_WRITER_MESSAGE, module: 'recovery' },
  // The one writer outside shared/src/server: only the API welcomes an account.
  { name: 'welcomeEmails', message: WELCOME_WRITER_MESSAGE, module: 'account' },
];
/** The selectors for every one-writer collection but the given module's own. */
const otherWritersSelectors = (module) =>
  ONE_WRITERS.filter((writer) => writer.module !== module).flatMap((writer) =>
    oneWriterSelectors(writer.name, writer.message),
  );

const noPreact = { regex: '(^|/)@?preact([/-]|$)', message: PREACT_MESSAGE };

// In the API, each provider is reached through its one folder of services (Vendure's shape).
const apiProviderImports = {
  regex: '^@shop/shared/providers/',
  message:
    'In the API, Stripe and Printful are reached through api/src/services/stripe and api/src/services/printful: import from there.',
};

// Routes talk to services, never to the store (fastify/demo's repositories): a route asks a
// decorated service (app.orders, app.quotes, app.syncJobs...) and the services alone hold the store.
const ROUTES_USE_SERVICES_MESSAGE =
  'Routes talk to services, not to the store: read and write through a decorated service in api/src/services (app.orders, app.quotes, app.syncJobs...).';
const routeStoreImports = {
  regex: '^@shop/shared/server/(store|collections|orders)(/|$)|(^|/)services/store/',
  message: ROUTES_USE_SERVICES_MESSAGE,
};
const routeStoreSelectors = [
  { selector: "MemberExpression[property.name='store']", message: ROUTES_USE_SERVICES_MESSAGE },
  { selector: "MemberExpression[property.name='orderRecords']", message: ROUTES_USE_SERVICES_MESSAGE },
];
// Nor to the queues, Redis or Stripe: the job a request starts, a key it keeps and a payment call
// are a service's (app.orderActions, app.quotes.receive, app.orderCodes...), however spelled:
// `app.queues`, `app['redis']`, `const { store } = app`, `({ queues }) =>`, or an import of the module itself.
const ROUTES_NO_JOBS_MESSAGE =
  'Routes do not queue jobs, keep Redis keys or call Stripe: ask a decorated service in api/src/services (app.orderActions, app.quotes, app.orderCodes...) to do it.';
const ROUTE_FORBIDDEN_APP_PARTS = 'store|orderRecords|teamOrderRecords|queues|redis';
const routeJobImports = {
  regex:
    '^@shop/shared/(server/(queues|order-codes)|providers)(/|$)|^(bullmq|ioredis|stripe)$|(^|/)services/(queues|stripe)/',
  message: ROUTES_NO_JOBS_MESSAGE,
};
const routeJobSelectors = [
  { selector: 'MemberExpression[property.name=/^(queues|redis|teamOrderRecords)$/]', message: ROUTES_NO_JOBS_MESSAGE },
  {
    selector: `MemberExpression[property.value=/^(${ROUTE_FORBIDDEN_APP_PARTS})$/]`,
    message: ROUTES_NO_JOBS_MESSAGE,
  },
  // Destructured anywhere: a variable (`const { store } = app`), a parameter (`async ({ queues }) =>`),
  // renamed or under a quoted key (`{ ['redis']: r }`).
  {
    selector: `ObjectPattern > Property[key.name=/^(${ROUTE_FORBIDDEN_APP_PARTS})$/]`,
    message: ROUTES_NO_JOBS_MESSAGE,
  },
  {
    selector: `ObjectPattern > Property[key.value=/^(${ROUTE_FORBIDDEN_APP_PARTS})$/]`,
    message: ROUTES_NO_JOBS_MESSAGE,
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'tests/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin only follows .js files, and no-cycle would never see a TypeScript edge.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Bounded depth keeps lint quick on 2 cores while still catching the cycles that matter
      // (a module reaching itself through a few hops).
      'import-x/no-cycle': ['error', { maxDepth: 6, ignoreExternal: true }],
    },
  },
  {
    // The product is specified as a React SPA (issue 24): nothing may run it on another renderer.
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noPreact],
        },
      ],
    },
  },
  {
    // Vendure's shape: in the API, each provider is reached through its one folder of services.
    // The error handler's plugin sits below the services, so it asks shared's provider folders
    // directly what kind of failure it holds.
    files: ['api/src/**/*.{ts,tsx}'],
    ignores: ['api/src/services/stripe/**', 'api/src/services/printful/**', 'api/src/plugins/provider-errors.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noPreact, apiProviderImports],
        },
      ],
    },
  },
  {
    files: ['{shared,worker}/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    // A provider's wire shapes and pure rules reach the browser (through the domain rules), so they
    // may not touch Node or a client library either.
    files: PROVIDER_RULE_FILES,
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: ['stripe', 'ioredis', 'bullmq', 'better-sqlite3', 'firebase-admin', 'pino', 'dotenv'].map((name) => ({
            name,
            message: PROVIDER_PURE_MESSAGE,
          })),
          patterns: [noPreact],
        },
      ],
    },
  },
  {
    files: ['api/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...apiPipelineZones] }],
    },
  },
  {
    files: ['web/scripts/**/*.{ts,tsx,js,mjs}', 'api/bench/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: scriptZones }],
    },
  },
  // One writer for orders (issue 30) and one for team orders: only the order module names the
  // `orders` collection and only the team-order module names `teamOrders`, so every read and write of
  // either goes through its module.
  {
    files: ONE_WRITER_FILES,
    ignores: [
      'shared/src/server/orders/**',
      'shared/src/server/team-orders/**',
      'shared/src/server/recovery/**',
      'shared/src/server/collections/**',
      'api/src/services/account/**',
    ],
    rules: {
      'no-restricted-syntax': ['error', ...otherWritersSelectors(null)],
    },
  },
  {
    // Routes only route, every one of them: no store, provider, queue, Redis or Stripe, and no
    // order or team-order collection; the work sits in the decorated services.
    files: ['api/src/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noPreact, apiProviderImports, routeStoreImports, routeJobImports] },
      ],
      'no-restricted-syntax': ['error', ...otherWritersSelectors(null), ...routeStoreSelectors, ...routeJobSelectors],
    },
  },
  {
    files: ['shared/src/server/recovery/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...otherWritersSelectors('recovery')],
    },
  },
  {
    files: ['shared/src/server/orders/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...otherWritersSelectors('orders')],
    },
  },
  {
    files: ['shared/src/server/team-orders/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...otherWritersSelectors('team-orders')],
    },
  },
  {
    files: ['api/src/services/account/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...otherWritersSelectors('account')],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...webBoundaryZones, ...layerZones] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Plain scripts served as they are (boot.js): browser code, not modules.
    files: ['web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
);
