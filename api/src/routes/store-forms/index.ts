import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyCookie from '@fastify/cookie';
import {
  COOKIE_LIFETIME_ACCEPTED_DAYS,
  COOKIE_LIFETIME_DECLINED_DAYS,
  STORAGE_KEYS,
  type ConsentValue,
} from '@shop/shared';
import { FORM_ACTIONS } from '@shop/shared/pages';
import { cartAddFormSchema, cartUpdateFormSchema, checkoutFormSchema, consentFormSchema } from '@shop/shared/schemas';
import { requestCurrency } from '../../services/currency/request-currency.js';
import { clientKey } from '../../plugins/client-key.js';
import {
  acceptFormBodies,
  assertSameOrigin,
  formCartKey,
  guestCookieOptions,
  seeOther,
} from '../../services/forms/form-guard.js';

// The plain HTML forms of the server-rendered pages, which work the moment a page can be seen,
// before (or without) the app: the product form, a cart line's quantity and Remove, checkout and
// the cookie banner. Each does what the JSON API's route does, through the same services, schemas,
// caps and request budget (these paths count against the rate limit), and answers 303 to the page
// that shows the result, as Shopify's /cart/add does. A refusal is the API's error answer.

const CART_PAGE = '/store/cart';
const DAY_SECONDS = 86_400;
const CONSENT_LIFETIME_DAYS: Record<ConsentValue, number> = {
  accepted: COOKIE_LIFETIME_ACCEPTED_DAYS,
  declined: COOKIE_LIFETIME_DECLINED_DAYS,
};

export default async function storeFormRoutes(app: FastifyInstance) {
  acceptFormBodies(app);
  const { carts, config } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const sameOrigin = {
    onRequest: async (request: Parameters<typeof assertSameOrigin>[0]) => assertSameOrigin(request, config.PUBLIC_URL),
  };
  const hidden = { hide: true };

  routes.post(
    FORM_ACTIONS.cartAdd,
    { ...sameOrigin, schema: { ...hidden, body: cartAddFormSchema } },
    async (request, reply) => {
      const key = formCartKey(request, reply, config.PUBLIC_URL);
      await carts.add(key, request.body, null, clientKey(request.ip));
      return seeOther(reply, CART_PAGE);
    },
  );

  routes.post(
    FORM_ACTIONS.cartUpdate,
    { ...sameOrigin, schema: { ...hidden, body: cartUpdateFormSchema } },
    async (request, reply) => {
      const key = formCartKey(request, reply, config.PUBLIC_URL);
      const { itemId, quantity } = request.body;
      if (quantity <= 0) await carts.remove(key, itemId, null);
      else await carts.setQuantity(key, itemId, quantity, null);
      return seeOther(reply, CART_PAGE);
    },
  );

  routes.post(
    FORM_ACTIONS.checkout,
    { ...sameOrigin, schema: { ...hidden, body: checkoutFormSchema } },
    async (request, reply) => {
      const key = formCartKey(request, reply, config.PUBLIC_URL);
      const session = await app.checkout.createSession(
        {
          cart: key,
          email: null,
          client: clientKey(request.ip),
          currency: requestCurrency(app, request, reply).currency,
        },
        { shipping: request.body },
      );
      request.log.info({ sessionId: session.id }, 'checkout session (form)');
      return seeOther(reply, session.url);
    },
  );

  routes.post(
    FORM_ACTIONS.consent,
    { ...sameOrigin, schema: { ...hidden, body: consentFormSchema } },
    async (request, reply) => {
      const { choice } = request.body;
      const cookie = fastifyCookie.serialize(STORAGE_KEYS.cookieConsent, choice, {
        ...guestCookieOptions(config.PUBLIC_URL),
        maxAge: CONSENT_LIFETIME_DAYS[choice] * DAY_SECONDS,
      });
      reply.header('set-cookie', cookie);
      return seeOther(reply, request.body.return ?? '/');
    },
  );
}
