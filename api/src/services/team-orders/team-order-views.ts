import type { FastifyBaseLogger } from 'fastify';
import { teamLineCounts, teamOrderState, type TeamLineCount } from '@shop/shared/domain/team-order';
import type {
  TeamMemberDoc,
  TeamMemberOwnView,
  TeamMemberView,
  TeamOrderCount,
  TeamOrderDoc,
  TeamOrderLeadView,
  TeamOrderList,
  TeamOrderProductView,
} from '@shop/shared/schemas';
import type { StoredTeamOrder, TeamOrderRecords } from '@shop/shared/server/team-orders';
import type { Queues } from '../../plugins/infrastructure.js';
import type { ProductLookup } from '../catalog/product-lookup.js';
import type { CartService } from '../cart/cart-service.js';
import { variantWords } from '@shop/shared/domain/product';

// What the lead's side and the link's side share: the service's collaborators, and the views both
// answer with. A view names the members' lines, never a member's e-mail address (but to its member).

/** The team-order service's collaborators, given once by the plugin. */
export interface TeamOrderDeps {
  records: TeamOrderRecords;
  lookup: () => ProductLookup;
  carts: () => CartService;
  /** The lead's reminder is queued here (notifications). */
  queues: Pick<Queues, 'notifications'>;
  log: FastifyBaseLogger;
  timeZone: string;
  now: () => Date;
  /** Tells every API replica that the team order changed, so the lead's live list follows. */
  announce: (id: string) => void;
}

/** A line as the lead and the studio read it: name and choice, never the member's e-mail address. */
export const memberView = (member: TeamMemberDoc): TeamMemberView => ({
  id: member.id,
  name: member.name,
  productId: member.productId,
  size: member.size,
  color: member.color,
  joinedAt: member.joinedAt,
  updatedAt: member.updatedAt,
});

/** A line as its own member reads it, with their key: with the address they gave, to keep or remove it. */
export const ownView = (member: TeamMemberDoc): TeamMemberOwnView => ({ ...memberView(member), email: member.email });

/** The document with its change stamped. */
export function touched(deps: TeamOrderDeps, doc: TeamOrderDoc): TeamOrderDoc {
  return { ...doc, updatedAt: deps.now().toISOString() };
}

export function teamOrderList(deps: TeamOrderDeps, orders: StoredTeamOrder[]): TeamOrderList {
  const now = deps.now();
  return {
    teamOrders: orders.map(({ id, doc }) => ({
      id,
      title: doc.title,
      leadName: doc.leadName,
      state: teamOrderState(doc, now),
      closesOn: doc.closesOn,
      closesAt: doc.closesAt,
      memberCount: doc.members.length,
      maxMembers: doc.maxMembers,
      createdAt: doc.createdAt,
    })),
  };
}

/** The offered products as the catalogue sells them now (in the fixed colour, if any). */
export async function productViews(deps: TeamOrderDeps, doc: TeamOrderDoc): Promise<TeamOrderProductView[]> {
  return Promise.all(
    doc.products.map(async ({ id, title }) => {
      const product = await deps.lookup().getProduct(id);
      const variants = (product?.variants ?? [])
        .filter((variant) => !doc.color || variant.color === doc.color)
        .map((variant) => ({ size: variant.size, color: variant.color }));
      return {
        id,
        title: product?.title ?? title,
        imageUrl: product?.thumbnail_url || product?.images?.[0] || null,
        price: product?.price ?? 0,
        variants,
        unavailable: variants.length === 0,
      };
    }),
  );
}

/** The lines summed by product, size and colour, each marked when the catalogue no longer sells it. */
export async function lineCounts(
  deps: TeamOrderDeps,
  doc: TeamOrderDoc,
  views?: TeamOrderProductView[],
): Promise<TeamOrderCount[]> {
  const products = views ?? (await productViews(deps, doc));
  return teamLineCounts(
    doc.members,
    doc.products.map((p) => p.id),
  ).map((line: TeamLineCount) => {
    const product = products.find((p) => p.id === line.productId);
    return {
      ...line,
      title: product?.title ?? line.productId,
      unavailable: !product?.variants.some((v) => v.size === line.size && v.color === line.color),
    };
  });
}

export async function leadView(
  deps: TeamOrderDeps,
  id: string,
  doc: TeamOrderDoc,
  viewer: TeamOrderLeadView['viewer'],
): Promise<TeamOrderLeadView> {
  const products = await productViews(deps, doc);
  const counts = await lineCounts(deps, doc, products);
  return {
    id,
    viewer,
    title: doc.title,
    leadName: doc.leadName,
    products,
    color: doc.color,
    closesOn: doc.closesOn,
    closesAt: doc.closesAt,
    maxMembers: doc.maxMembers,
    state: teamOrderState(doc, deps.now()),
    linkToken: doc.linkToken,
    members: doc.members.map((member) => {
      const product = products.find((p) => p.id === member.productId);
      return {
        ...memberView(member),
        productTitle: product?.title ?? member.productId,
        unavailable: !product?.variants.some((v) => v.size === member.size && v.color === member.color),
      };
    }),
    counts,
    createdAt: doc.createdAt,
  };
}

/** The lines the lead's cart left out, named for the notice. */
export function retiredNames(lines: TeamOrderCount[]): string {
  return lines.map((line) => `${line.count} × ${line.title} (${variantWords(line)})`).join('; ');
}
