import type { StorefrontProduct } from '@shop/shared/domain/product';
import { createTeamOrder, newTeamOrderSecret } from '@shop/shared/server/team-orders';
import type { FullDocumentStore } from '@shop/shared/server/store';

// The team order every load-test visit opens by its link, as colleagues do once a lead shares it:
// one open order on the first products of the catalogue, started straight in the store (the load
// test has no accounts to start one through the API).

export async function seedTeamOrder(store: FullDocumentStore, products: readonly StorefrontProduct[]): Promise<string> {
  const token = newTeamOrderSecret();
  const now = new Date();
  const closes = new Date(now.getTime() + 7 * 86_400_000);
  await createTeamOrder(store, {
    leadUid: 'load-test-lead',
    leadName: 'Load test',
    leadEmail: null,
    title: 'Load test team',
    products: products.slice(0, 3).map((p) => ({ id: p.id, title: p.title.slice(0, 200) })),
    color: null,
    closesOn: closes.toISOString().slice(0, 10),
    closesAt: closes.toISOString(),
    maxMembers: 100,
    linkToken: token,
    status: 'open',
    closedAt: null,
    members: [],
    cartLines: null,
    cartFilledAt: null,
    orderId: null,
    shippedNoticesAt: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  });
  return token;
}
