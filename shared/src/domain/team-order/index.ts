import { CART_QUANTITY_MAX, TEAM_ORDER_MAX_DAYS_AHEAD } from '../../constants/index.js';
import { MESSAGES } from '../../errors/index.js';
import type { TeamMemberDoc, TeamOrderDoc, TeamOrderState } from '../../schemas/team-order.js';
import { TEAM_ORDER_PACKING_SLIP_MAX } from '../../constants/index.js';
import { variantWords } from '../product/variant-words.js';

// The rules of a team order (docs/rules.md#team-orders), shared by the API, the pages and the worker.

/** Where the order stands now: paid, closed (by the lead or by its date), or open. */
export function teamOrderState(doc: Pick<TeamOrderDoc, 'status' | 'closesAt'>, now: Date): TeamOrderState {
  if (doc.status === 'paid') return 'paid';
  if (doc.status === 'closed' || Date.parse(doc.closesAt) <= now.getTime()) return 'closed';
  return 'open';
}

/**
 * What the shared link says once it no longer takes changes: closed (the lead has the list), then
 * ordered once the lead paid, then shipped once the parcel left, so colleagues who left no address
 * still learn what happened. Null while it is open.
 */
export function teamOrderNotice(
  doc: Pick<TeamOrderDoc, 'leadName' | 'shippedNoticesAt'>,
  state: TeamOrderState,
): string | null {
  if (state === 'open') return null;
  if (state === 'paid')
    return doc.shippedNoticesAt ? MESSAGES.teamOrderShipped(doc.leadName) : MESSAGES.teamOrderOrdered(doc.leadName);
  return MESSAGES.teamOrderClosed(doc.leadName);
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * Why a closing date cannot be used, or null: it must be today or later on the studio's calendar
 * (the order closes when that day ends) and at most 60 days after today.
 */
export function closingDateProblem(closesOn: string, today: string): string | null {
  const days = dayNumber(closesOn) - dayNumber(today);
  if (!Number.isFinite(days) || days < 0) return MESSAGES.teamOrderClosingPast;
  if (days > TEAM_ORDER_MAX_DAYS_AHEAD) return MESSAGES.teamOrderClosingTooFar(TEAM_ORDER_MAX_DAYS_AHEAD);
  return null;
}

/** The latest closing date a lead may choose, given today's (YYYY-MM-DD). */
export function latestClosingDate(today: string): string {
  return new Date((dayNumber(today) + TEAM_ORDER_MAX_DAYS_AHEAD) * 86_400_000).toISOString().slice(0, 10);
}

export interface TeamLineCount {
  productId: string;
  size: string;
  color: string;
  count: number;
}

const SIZE_ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', '2XL', 'XXL', '3XL', 'XXXL', '4XL', '5XL'];
const sizeRank = (size: string) => {
  const rank = SIZE_ORDER.indexOf(size.toUpperCase());
  return rank === -1 ? SIZE_ORDER.length : rank;
};

/** The members' lines summed by product, size and colour, in the products' order then size order. */
export function teamLineCounts(
  members: ReadonlyArray<Pick<TeamMemberDoc, 'productId' | 'size' | 'color'>>,
  productIds: readonly string[],
): TeamLineCount[] {
  const counts = new Map<string, TeamLineCount>();
  for (const { productId, size, color } of members) {
    const key = JSON.stringify([productId, size, color]);
    const line = counts.get(key) ?? { productId, size, color, count: 0 };
    line.count += 1;
    counts.set(key, line);
  }
  const productRank = (id: string) => {
    const rank = productIds.indexOf(id);
    return rank === -1 ? productIds.length : rank;
  };
  return [...counts.values()].sort(
    (a, b) =>
      productRank(a.productId) - productRank(b.productId) ||
      a.color.localeCompare(b.color) ||
      sizeRank(a.size) - sizeRank(b.size) ||
      a.size.localeCompare(b.size),
  );
}

/** The cart adds that buy the summed lines: one add takes at most 10, so a line of 12 is 10 + 2 (the cart sums them). */
export function teamCartRequests(
  counts: readonly TeamLineCount[],
): Array<{ productId: string; size: string; color: string; quantity: number }> {
  return counts.flatMap(({ productId, size, color, count }) => {
    const adds = [];
    for (let left = count; left > 0; left -= CART_QUANTITY_MAX) {
      adds.push({ productId, size, color, quantity: Math.min(CART_QUANTITY_MAX, left) });
    }
    return adds;
  });
}

/** "Friday, December 4": the closing day in words, as the lead chose it on the studio's calendar. */
/** A team order's state in the words every page uses (the lead's, the account's, the studio's). */
export const TEAM_ORDER_STATE_WORDS = { open: 'Open', closed: 'Closed', paid: 'Paid' } as const;

export function closingDayWords(closesOn: string): string {
  return new Date(`${closesOn}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * The team order a cart's lines were filled from (each line carries its id), or null: the checkout
 * copies it onto the order, so the paid order is the team order's whatever quantities changed.
 */
export function teamOrderIdOfCart(items: ReadonlyArray<{ teamOrderId?: string | null }>): string | null {
  return items.find((item) => item.teamOrderId)?.teamOrderId ?? null;
}

/**
 * How the lead's own order names the team order it bought, on the confirmation, the account's
 * order list and the e-mails: one wording everywhere.
 */
export function teamOrderLabel(title: string): string {
  return `Team order: “${title}”`;
}

/**
 * The members whose lines the lead bought (the lines put in the cart): the people in the parcel.
 * A line left out because its product was retired is not in it; a member who withdrew is gone.
 */
export function membersInParcel(doc: Pick<TeamOrderDoc, 'members' | 'cartLines'>): TeamMemberDoc[] {
  const bought = (m: TeamMemberDoc) =>
    (doc.cartLines ?? []).some((l) => l.productId === m.productId && l.size === m.size && l.color === m.color);
  return doc.members.filter(bought);
}

/**
 * The packing slip's message: the team order's title, then each person's name and choice, so the
 * lead hands out the parcel's contents. Only the lines bought are listed. Names carry no control
 * characters (the schema refuses them), so each person stays on their own entry; the whole is cut
 * at TEAM_ORDER_PACKING_SLIP_MAX characters with the number of people left out.
 */
export function packingSlipMessage(doc: Pick<TeamOrderDoc, 'title' | 'members' | 'products' | 'cartLines'>): string {
  const title = (id: string) => doc.products.find((p) => p.id === id)?.title ?? id;
  const members = membersInParcel(doc);
  const head = `Team order "${doc.title}", ${members.length} ${members.length === 1 ? 'person' : 'people'}: `;
  let message = head;
  for (let i = 0; i < members.length; i++) {
    const m = members[i];
    const entry = `${i === 0 ? '' : '; '}${m.name}: ${title(m.productId)}, ${variantWords(m)}`;
    const rest = members.length - i;
    if (message.length + entry.length + 20 > TEAM_ORDER_PACKING_SLIP_MAX) {
      message += `; and ${rest} more`;
      break;
    }
    message += entry;
  }
  return message;
}

const DAY_MS = 86_400_000;

/**
 * How long to wait before reminding the lead: until a day before the order closes. Null when less
 * than a day is left already (the lead has just chosen the date, there is nothing to remind of).
 */
export function reminderDelayMs(closesAt: string, now: Date): number | null {
  const delay = Date.parse(closesAt) - DAY_MS - now.getTime();
  return delay >= 0 ? delay : null;
}

/** The reminder's job id: one per team order, so starting it twice never reminds twice. */
export const teamOrderReminderJobId = (id: string) => `team-order-reminder-${id}`;

/** One member's shipping e-mail: one job per team order and member, so a repeated shipment never writes twice. */
export const teamShippedEmailJobId = (teamOrderId: string, memberId: string) =>
  `team-order-shipped-${teamOrderId}-${memberId}`;
