import { Stripe } from '@shop/shared/server/stripe';
import { createTestApp } from '../test/helpers/test-app.js';
const t = await createTestApp({ LOG_LEVEL: 'error' });
for (const payload of ['{}', '[]', 'null', '1', '{"id":"evt_1"}', '{"id":5,"type":"x"}', '{"id":"evt_2","type":"checkout.session.completed"}', '{"id":"evt_3","type":"checkout.session.completed","data":{}}', '{"id":"evt_4","type":"checkout.session.completed","data":{"object":null}}', '{"id":"a/b","type":"x"}', '{"id":"","type":"x"}']) {
  const sig = Stripe.webhooks.generateTestHeaderString({ payload, secret: t.config.STRIPE_WEBHOOK_SECRET });
  const r = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': sig }, payload });
  console.log(payload, r.statusCode, r.body);
}
await Promise.all(Object.values(t.app.queues).map((q) => q.obliterate({ force: true })));
await t.close();
