import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES } from '@shop/shared';
import { customersOf, orderEmail, parseCustomerKey } from '@shop/shared/domain/customer';
import { refundedAmount } from '@shop/shared/domain/order';
import {
  adminCustomerParamsSchema,
  adminCustomerSchema,
  adminCustomersQuerySchema,
  adminCustomersResponseSchema,
  type AdminCustomer,
} from '@shop/shared/schemas';

// The studio's customers: who bought what, how often and how much, gathered from the paid orders
// (shared/domain/customer says who is one customer), with the quotes they sent from the same
// e-mail addresses. Read-only: orders and quotes keep their own writers.

const CUSTOMERS_LIMIT = 200;

export default async function adminCustomerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/customers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Customers who paid, the most recent buyer first; q searches name and e-mail',
        querystring: adminCustomersQuerySchema,
        response: { 200: adminCustomersResponseSchema },
      },
    },
    async (request, reply) => {
      const needle = request.query.q?.toLowerCase() ?? '';
      const customers = customersOf(await app.orders.all())
        .filter((c) => !needle || [c.name, c.email].some((f) => f?.toLowerCase().includes(needle)))
        .slice(0, CUSTOMERS_LIMIT);
      return reply.header('cache-control', 'private, no-store').send({ customers });
    },
  );

  r.get(
    '/customers/:key',
    {
      schema: {
        tags: ['admin'],
        summary: 'One customer (user:<uid> or email:<address>): their orders, what they spent and their quotes',
        params: adminCustomerParamsSchema,
        response: { 200: adminCustomerSchema },
      },
    },
    async (request, reply) => {
      const key = parseCustomerKey(request.params.key);
      if (!key) throw new AppError('not-found', MESSAGES.customerNotFound);
      const orders = await app.orders.customer(key);
      const [customer] = customersOf(orders);
      const emails = new Set<string>(key.kind === 'email' ? [key.email] : []);
      for (const order of orders) {
        const email = orderEmail(order);
        if (email) emails.add(email);
      }
      const quotes: AdminCustomer['quotes'] = [];
      let quoteName: string | null = null;
      for (const { id, name, createdAt, status, services, budget } of await app.quotes.fromEmails(emails)) {
        quoteName ??= name;
        quotes.push({ id, createdAt, status, services, budget });
      }
      if (!customer && quotes.length === 0) throw new AppError('not-found', MESSAGES.customerNotFound);
      const first = quotes.reduce((at, q) => (q.createdAt < at ? q.createdAt : at), '9999');
      const body: AdminCustomer = {
        customer: {
          ...(customer ?? {
            key: request.params.key,
            kind: 'guest' as const,
            name: quoteName,
            email: key.kind === 'email' ? key.email : null,
            orders: 0,
            spent: 0,
            firstOrderAt: first,
            lastOrderAt: first,
          }),
          emails: [...emails].sort(),
        },
        orders: orders
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .map((o) => ({
            id: o.id,
            number: o.number ?? null,
            status: o.status,
            createdAt: o.createdAt,
            totalPrice: o.amounts?.total ?? o.totalPrice,
            currency: o.currency,
            refunded: refundedAmount(o.refunds),
            fulfilmentStatus: o.fulfilment.status,
          })),
        quotes: quotes.sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      };
      return reply.header('cache-control', 'private, no-store').send(body);
    },
  );
}
