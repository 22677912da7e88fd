// The embedded defaults that make `npm start` work offline (local sandboxes and the Auth emulator).
// They are written in the repository, so production refuses every one of them (production-guard.ts).

/** Fixed local secret shared by the Stripe sandbox and the API when STRIPE_WEBHOOK_SECRET is unset. */
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_sandbox_secret_do_not_use_in_production';
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_sandbox';
export const LOCAL_PRINTFUL_WEBHOOK_TOKEN = 'local-printful-webhook-token';
export const LOCAL_FIREBASE_WEB_API_KEY = 'emulator-web-api-key';
export const LOCAL_PUBLIC_URL = 'http://localhost:3000';

export const PRINTFUL_LIVE_API_URL = 'https://api.printful.com';
export const PRINTFUL_SANDBOX_API_URL = 'http://127.0.0.1:3101';
export const STRIPE_LIVE_API_URL = 'https://api.stripe.com';
export const STRIPE_SANDBOX_API_URL = 'http://127.0.0.1:3102';
