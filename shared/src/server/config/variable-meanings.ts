// What each configuration variable means, by the group it is shown under on docs/configuration.md
// (config-doc.ts writes the page from these and the schema). Defaults are read from the schema
// itself; `shown` replaces one only where the schema's default is a local secret, a derived value or
// too long for a table.

export type Group =
  | 'Server'
  | 'Data'
  | 'Printful'
  | 'Stripe'
  | 'Shipping'
  | 'Currencies'
  | 'Identity'
  | 'Sync and e-mail'
  | 'Limits and logs';

export interface VariableDoc {
  group: Group;
  meaning: string;
  /** The default as the page shows it, when the schema's own value would mislead. */
  shown?: string;
}

export const CONFIG_DOCS: Partial<Record<string, VariableDoc>> = {
  NODE_ENV: {
    group: 'Server',
    meaning:
      '`production` refuses unsafe settings (see [going-live.md](going-live.md#production-refuses-unsafe-settings)), turns off pretty logs and makes the dashboard cookie `Secure`',
  },
  PORT: { group: 'Server', meaning: 'HTTP port of the API, which also serves the SPA' },
  HOST: {
    group: 'Server',
    shown: '127.0.0.1 with the Auth emulator, else 0.0.0.0',
    meaning: 'interface the API binds (the emulator accepts unsigned tokens: keep it off the network)',
  },
  PUBLIC_URL: {
    group: 'Server',
    shown: 'http://localhost:`PORT`',
    meaning:
      "the site's public origin: CORS and checkout return URLs are limited to it (a loopback origin accepts localhost, 127.0.0.1 and [::1] alike), canonical, Open Graph and sitemap URLs are built on it; https in production",
  },
  TRUST_PROXY: {
    group: 'Server',
    shown: '– (off)',
    meaning:
      'proxies allowed to name the client in `X-Forwarded-For`: a hop count (`1` behind one load balancer) or addresses and CIDR ranges (`10.0.0.0/8,192.168.1.2`); the rate limit keys on the result. Off, the connecting address counts; `true` is refused, and in production so are a hop count over 5 and a catch-all range (`0.0.0.0/0`, `::/0`, `::ffff:0:0/96`, wider than /8 or IPv6 /16)',
  },
  COOKIE_PROBE_ORIGIN: {
    group: 'Server',
    shown: '`loopback` in development, else `off`',
    meaning:
      'where the third-party cookie check is framed from: an https origin on **another site** serving this same app (e.g. `https://studio-probe.net` for `https://shop.studio.com`; a subdomain is the same site and is refused in production), `loopback` (development only) or `off` (then only "all cookies refused" shows the warning)',
  },
  WEB_DIST: {
    group: 'Server',
    meaning: 'the built SPA the API serves, with its pre-rendered `pages/` and `.br`/`.gz` files',
  },
  DATA_BACKEND: { group: 'Data', meaning: '`sqlite` or `firestore`' },
  SQLITE_PATH: { group: 'Data', meaning: 'the SQLite file, shared by the API and the worker' },
  FIREBASE_PROJECT_ID: { group: 'Data', meaning: 'Firebase project (Auth and Firestore)' },
  GOOGLE_APPLICATION_CREDENTIALS: { group: 'Data', meaning: 'service account for production Firestore and Auth' },
  FIRESTORE_EMULATOR_HOST: {
    group: 'Data',
    meaning: "a Firestore emulator, for the Firestore adapter's contract tests",
  },
  REDIS_URL: { group: 'Data', meaning: 'Redis, for the queues, the events and the shared rate-limit counters' },
  QUEUE_PREFIX: { group: 'Data', meaning: 'prefix of every queue and of the events channel' },
  PRINTFUL_API_URL: {
    group: 'Printful',
    shown: 'https://api.printful.com with a key, else the sandbox',
    meaning: 'Printful API; production requires `https://` unless `UNSAFE_SANDBOX_PROVIDERS=true`',
  },
  PRINTFUL_API_KEY: { group: 'Printful', meaning: 'Printful private token; empty means the sandbox' },
  PRINTFUL_STORE_ID: { group: 'Printful', meaning: 'sent as `X-PF-Store-Id` with account-level tokens' },
  PRINTFUL_RATE_LIMIT_PER_MIN: {
    group: 'Printful',
    meaning:
      "request budget shared by every API and worker replica (a fifth is kept for shoppers' shipping quotes, see [money-path.md](money-path.md); one call in twenty is left unspent for a call that reaches Printful late, see [providers.md](providers.md#printful-rate-limit))",
  },
  PRINTFUL_WEBHOOK_TOKEN: {
    group: 'Printful',
    shown: '(local value)',
    meaning:
      'secret path segment of `/api/webhooks/printful/:token`; production requires at least 32 characters and not the local value',
  },
  ORDER_GRACE_MINUTES: {
    group: 'Printful',
    meaning:
      'minutes a paid order waits at Printful as a draft before a scheduled job confirms it; until then the shopper can cancel it for a full refund, after it a cancellation is a request to the studio; 0 confirms at once; fractions are allowed (0.5 is 30 seconds), at most 10080 (a week)',
  },
  RECOVERY_DELAY_MINUTES: {
    group: 'Sync and e-mail',
    meaning:
      'minutes after an unpaid checkout expires before its one abandoned-checkout e-mail goes out, only to a shopper who agreed on the payment page and has not unsubscribed (collection `emailOptOuts`); fractions are allowed, at most 10080 (a week); see [recovery.md](recovery.md)',
  },
  MIN_MARGIN_PERCENT: {
    group: 'Printful',
    meaning:
      "margin guard: a variant priced below Printful's cost x (1 + this/100) is not sold and is listed at `GET /api/admin/catalog/margins` and on the sync screen; a discount code that would take a cart's items below it is refused",
  },
  STORE_CURRENCIES: {
    group: 'Currencies',
    meaning:
      'the currencies shoppers may pick, comma-separated (USD is always on; also known: JPY); prices are converted from USD at the rates below, see [rules.md](rules.md#local-prices)',
  },
  CURRENCY_RATES_URL: {
    group: 'Currencies',
    shown:
      'Frankfurter (`https://api.frankfurter.dev/v1/latest?base=USD`) with a Stripe key, else the local rates sandbox',
    meaning:
      "where the scheduled job reads exchange rates per US dollar, in Frankfurter's shape (`{base, date, rates}`, the European Central Bank's reference rates); when it cannot be read the last good rates stay",
  },
  CURRENCY_RATES_SCHEDULE: {
    group: 'Currencies',
    meaning: 'cron pattern (UTC) of the exchange-rate refresh on the `maintenance` queue',
  },
  CURRENCY_RATE_MAX_AGE_HOURS: {
    group: 'Currencies',
    meaning:
      'hours a rate may go unrefreshed before sales in its currency stop with a message (the store never guesses a rate)',
  },
  CURRENCY_MARGIN_BUFFER_PERCENT: {
    group: 'Currencies',
    meaning:
      "the margin guard's allowance for the rate moving before Stripe settles: a price in another currency must cover Printful's cost plus `MIN_MARGIN_PERCENT` with this much to spare",
  },
  STRIPE_SECRET_KEY: {
    group: 'Stripe',
    meaning: 'Stripe key; empty means the Stripe sandbox; production requires a live key (`sk_live_…` or `rk_live_…`)',
  },
  STRIPE_WEBHOOK_SECRET: {
    group: 'Stripe',
    shown: '(local value)',
    meaning:
      'webhook signing secret (the sandbox signs with it too); production requires at least 32 characters and not the local value',
  },
  STRIPE_API_URL: {
    group: 'Stripe',
    shown: 'https://api.stripe.com with a key, else the sandbox',
    meaning:
      'Stripe API; set it to point a key at the sandbox (the production smoke test); production requires `https://` unless `UNSAFE_SANDBOX_PROVIDERS=true`',
  },
  STRIPE_PUBLISHABLE_KEY: { group: 'Stripe', meaning: 'browser key for Stripe.js' },
  STRIPE_AUTOMATIC_TAX: {
    group: 'Stripe',
    meaning:
      "`true`: Stripe's automatic tax on the lines and shipping (needs Stripe Tax set up; the sandbox adds a fixed, labelled 8.25%)",
  },
  STRIPE_FEE_PERCENT: {
    group: 'Stripe',
    meaning: "the sales report's estimate of Stripe's fee: this percentage of each payment ...",
  },
  STRIPE_FEE_FIXED: { group: 'Stripe', meaning: '... plus this fixed amount in US dollars per payment' },
  SHIPPING_FLAT_RATES: {
    group: 'Shipping',
    shown: '`US=4.99+2.50,CA=8.99+2.75,GB=6.99+2.50,AU=9.99+3.00,*=12.99+3.99`',
    meaning:
      "shipping when Printful cannot be asked: `COUNTRY=FIRST+ADDITIONAL` in US dollars, the first item then each further one (`*` = every other country); the defaults are at or above Printful's standard rates",
  },
  SHIPPING_FALLBACK_MAX_ITEMS: {
    group: 'Shipping',
    meaning:
      'a cart of more units never pays the flat rate: rates and checkout answer 503 "Shipping rates are unavailable right now. Please try again in a few minutes." until Printful quotes it',
  },
  FIREBASE_WEB_API_KEY: {
    group: 'Identity',
    shown: '(emulator value)',
    meaning: "the Firebase web app's public API key, served to the SPA by `GET /api/config/public`",
  },
  FIREBASE_AUTH_EMULATOR_HOST: {
    group: 'Identity',
    shown: '127.0.0.1:9099 under `npm start`',
    meaning: 'the Auth emulator; must be unset in production',
  },
  STUDIO_TIMEZONE: {
    group: 'Server',
    meaning:
      'the studio\'s IANA time zone: every date the admin enters or reads and every "ends on" a shopper reads is a day there; storage stays UTC',
  },
  ADMIN_EMAIL: { group: 'Identity', meaning: 'the admin account `npm start` seeds' },
  ADMIN_PASSWORD: { group: 'Identity', meaning: "that admin's password" },
  SYNC_SCHEDULE: { group: 'Sync and e-mail', meaning: 'cron of the incremental product sync (hourly)' },
  FULL_SYNC_SCHEDULE: { group: 'Sync and e-mail', meaning: 'cron of the full product sync (nightly)' },
  SMTP_URL: {
    group: 'Sync and e-mail',
    meaning: 'e-mail transport; without it (development only) e-mails are `.eml` files in `OUTBOX_DIR`',
  },
  MAIL_FROM: { group: 'Sync and e-mail', meaning: 'sender of every e-mail' },
  OUTBOX_DIR: { group: 'Sync and e-mail', meaning: 'where e-mails are written when there is no SMTP' },
  PICTURE_STORE: {
    group: 'Sync and e-mail',
    shown: 'local (off when NODE_ENV=test)',
    meaning:
      "`local`: the sync makes each Printful picture in a few widths as AVIF, WebP and JPEG under `PICTURES_DIR`, served by the API at `/api/pictures/`; `off`: products keep Printful's URLs",
  },
  PICTURES_DIR: {
    group: 'Sync and e-mail',
    meaning: 'where the made product pictures are kept (`PICTURE_STORE=local`)',
  },
  PICTURE_FETCH_TIMEOUT_MS: {
    group: 'Sync and e-mail',
    meaning: 'how long the sync waits for one Printful picture before showing the product with the placeholder',
  },
  PICTURE_MAX_PIXELS: {
    group: 'Sync and e-mail',
    meaning: 'a Printful picture with more pixels than this is not made (placeholder, reported in the sync result)',
  },
  PICTURE_MAX_BYTES: {
    group: 'Sync and e-mail',
    meaning: 'a Printful picture larger than this many bytes is not downloaded (placeholder, reported)',
  },
  STUDIO_EMAIL: {
    group: 'Sync and e-mail',
    meaning:
      "the studio's inbox for quote requests (Reply-To the visitor) and order alerts (failures, holds, returns, disputes); the support address in shoppers' e-mails",
  },
  RATE_LIMIT_PER_MIN: {
    group: 'Limits and logs',
    meaning:
      'API requests per minute per client (its IPv4 address, or its IPv6 /64), counted in Redis so every replica shares it; every spelling of a path counts as the route it matched',
  },
  STREAM_MAX_CONNECTIONS: {
    group: 'Limits and logs',
    meaning:
      'live catalogue streams one API process keeps open, and as many team-order live lists counted apart; above it 503 `unavailable`',
  },
  STREAM_MAX_PER_CLIENT: {
    group: 'Limits and logs',
    meaning:
      'live catalogue streams one client may hold open, and as many team-order live lists counted apart; above it 429 `resource-exhausted`',
  },
  GUEST_CARTS_PER_CLIENT: {
    group: 'Limits and logs',
    meaning: 'new guest carts one client may start per 10 minutes; above it 429',
  },
  LOG_LEVEL: { group: 'Limits and logs', meaning: 'pino level' },
  METRICS_TOKEN: {
    group: 'Limits and logs',
    meaning: 'bearer token for `GET /metrics`; in production, when set, at least 32 characters',
  },
  UNSAFE_SANDBOX_PROVIDERS: {
    group: 'Limits and logs',
    meaning:
      'production smoke test only: production accepts http sandboxes and test-mode Stripe events, with a `WARNING:` at every start; never on a real store',
  },
};
