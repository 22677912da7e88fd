import { z } from 'zod';
import {
  TEAM_ORDER_EMAIL_MAX_LENGTH,
  TEAM_ORDER_MAX_MEMBERS,
  TEAM_ORDER_MAX_PRODUCTS,
  TEAM_ORDER_NAME_MAX_LENGTH,
} from '../constants/index.js';
import { MESSAGES } from '../errors/index.js';
import { plainText } from './plain-text.js';

// Team orders by link (docs/rules.md#team-orders, docs/contracts.md#team-orders): the requests and
// answers of /api/team-orders and the stored document. One schema validates a form in the browser
// and the body on the server, so both sides give the same messages.

/** A link's token and a member's key: url-safe base64 of 24 random bytes (192 bits). */
const secret = z.string().regex(/^[A-Za-z0-9_-]{32}$/);
export const teamOrderTokenSchema = secret;
export const teamOrderMemberKeySchema = secret;
export const teamOrderIdSchema = z.uuid();
export const teamOrderMemberIdSchema = z.uuid();

/**
 * A member's name as the lead, the packing slip and the e-mails show it: 1 to 40 characters of
 * plain printable text (plain-text.ts: no line breaks, bidi overrides or invisible names).
 */
export const teamMemberNameSchema = plainText(
  z
    .string()
    .trim()
    .min(1, MESSAGES.teamOrderNameRequired)
    .max(TEAM_ORDER_NAME_MAX_LENGTH, MESSAGES.teamOrderNameTooLong(TEAM_ORDER_NAME_MAX_LENGTH)),
  'Name',
);

/**
 * A member's e-mail address, given only to hear when the order ships: optional, an empty field is
 * none, at most 254 characters. It is the member's own: never in the lead's list, the studio's
 * view, a packing slip or a CSV (docs/rules.md#team-orders).
 */
export const teamMemberEmailSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string({ error: MESSAGES.teamOrderEmailInvalid })
    .trim()
    .max(TEAM_ORDER_EMAIL_MAX_LENGTH, { error: MESSAGES.teamOrderEmailInvalid })
    .pipe(z.email({ error: MESSAGES.teamOrderEmailInvalid }))
    .optional(),
);

const choiceText = z.string().trim().min(1).max(100);
const productId = z.string().trim().min(1).max(200);

/** A calendar date, YYYY-MM-DD, read on the studio's calendar. */
export const calendarDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** POST /api/team-orders */
export const createTeamOrderBodySchema = z.object({
  /** The name members see as the lead's; the account's name by default. */
  leadName: teamMemberNameSchema.optional(),
  title: plainText(
    z.string().trim().max(TEAM_ORDER_NAME_MAX_LENGTH, MESSAGES.teamOrderTitleTooLong(TEAM_ORDER_NAME_MAX_LENGTH)),
    'Title',
  ).optional(),
  productIds: z
    .array(productId)
    .min(1, MESSAGES.teamOrderProductsRange(TEAM_ORDER_MAX_PRODUCTS))
    .max(TEAM_ORDER_MAX_PRODUCTS, MESSAGES.teamOrderProductsRange(TEAM_ORDER_MAX_PRODUCTS)),
  /** A colour fixed for everyone; absent, each member chooses. */
  color: choiceText.optional(),
  closesOn: calendarDateSchema,
  maxMembers: z
    .number()
    .int()
    .min(1, MESSAGES.teamOrderMembersRange(TEAM_ORDER_MAX_MEMBERS))
    .max(TEAM_ORDER_MAX_MEMBERS, MESSAGES.teamOrderMembersRange(TEAM_ORDER_MAX_MEMBERS)),
});
export type CreateTeamOrderBody = z.infer<typeof createTeamOrderBodySchema>;

/**
 * What a member chooses: POST and PATCH /api/team-orders/link/:token/members. A PATCH is the whole
 * line: an `email` left out (or empty) removes the address kept before.
 */
export const teamMemberChoiceSchema = z.object({
  name: teamMemberNameSchema,
  productId,
  size: choiceText,
  color: choiceText,
  email: teamMemberEmailSchema,
});
export type TeamMemberChoice = z.infer<typeof teamMemberChoiceSchema>;

export const TEAM_ORDER_STATUSES = ['open', 'closed', 'paid'] as const;
export type TeamOrderStatus = (typeof TEAM_ORDER_STATUSES)[number];

/** One member's line as stored; the key that lets them change it is kept only as its SHA-256. */
export const teamMemberDocSchema = z.object({
  id: teamOrderMemberIdSchema,
  keyHash: z.string(),
  name: teamMemberNameSchema,
  productId,
  size: choiceText,
  color: choiceText,
  /** Where the member hears that the order shipped; null when they gave none. */
  email: z.string().max(TEAM_ORDER_EMAIL_MAX_LENGTH).nullable().default(null),
  joinedAt: z.string(),
  updatedAt: z.string(),
});
export type TeamMemberDoc = z.infer<typeof teamMemberDocSchema>;

/** `teamOrders/{id}`: one team order with its members, written only through server/team-orders. */
export const teamOrderDocSchema = z.object({
  leadUid: z.string(),
  leadName: z.string().max(TEAM_ORDER_NAME_MAX_LENGTH),
  leadEmail: z.string().nullable(),
  title: z.string().max(TEAM_ORDER_NAME_MAX_LENGTH),
  /** The products offered, with the title each had when the order started (kept if one is retired). */
  products: z
    .array(z.object({ id: productId, title: z.string().max(200) }))
    .min(1)
    .max(TEAM_ORDER_MAX_PRODUCTS),
  color: choiceText.nullable(),
  closesOn: calendarDateSchema,
  /** The instant the closing date ends on the studio's calendar. */
  closesAt: z.string(),
  maxMembers: z.number().int().min(1).max(TEAM_ORDER_MAX_MEMBERS),
  /** The link's token; null once the lead revoked it. */
  linkToken: teamOrderTokenSchema.nullable(),
  status: z.enum(TEAM_ORDER_STATUSES),
  closedAt: z.string().nullable(),
  members: z.array(teamMemberDocSchema).max(TEAM_ORDER_MAX_MEMBERS),
  /** The summed lines the lead last put in their cart (retired ones left out), and when. */
  cartLines: z
    .array(z.object({ productId, size: choiceText, color: choiceText, count: z.number().int().min(1) }))
    .nullable()
    .default(null),
  cartFilledAt: z.string().nullable().default(null),
  /** The paid order that bought it. */
  orderId: z.string().nullable().default(null),
  /** When the members' shipping e-mails were queued (once, whatever Printful repeats). */
  shippedNoticesAt: z.string().nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TeamOrderDoc = z.infer<typeof teamOrderDocSchema>;

/** A product as a member chooses it: what the catalogue sells of it now. */
export const teamOrderProductViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  price: z.number(),
  variants: z.array(z.object({ size: z.string(), color: z.string() })),
  /** Retired since the team order started: nobody can choose it, and it is not bought. */
  unavailable: z.boolean(),
});
export type TeamOrderProductView = z.infer<typeof teamOrderProductViewSchema>;

/** open: joinable; closed: past its date or closed by the lead; paid: the lead has paid. */
export const teamOrderStateSchema = z.enum(['open', 'closed', 'paid']);
export type TeamOrderState = z.infer<typeof teamOrderStateSchema>;

const memberView = z.object({
  id: z.string(),
  name: z.string(),
  productId: z.string(),
  size: z.string(),
  color: z.string(),
  joinedAt: z.string(),
  updatedAt: z.string(),
});
/** A member's own line as they read it with their key: with the e-mail address they gave, if any. */
const ownMemberView = memberView.extend({ email: z.string().nullable() });

/** What every view of a team order shows first: what it is, whose, what it offers and when it closes. */
const teamOrderOutlineFields = {
  title: z.string(),
  leadName: z.string(),
  products: z.array(teamOrderProductViewSchema),
  color: z.string().nullable(),
  closesOn: z.string(),
  closesAt: z.string(),
};

/** GET /api/team-orders/link/:token: what anyone with the link reads (no one else's name). */
export const teamOrderLinkViewSchema = z.object({
  ...teamOrderOutlineFields,
  state: teamOrderStateSchema,
  /** The kind word when the order no longer takes changes. */
  notice: z.string().nullable(),
  memberCount: z.number().int(),
  maxMembers: z.number().int(),
  /** The caller's own line, when they sent their member id and key. */
  me: ownMemberView.nullable(),
  /** The team order's id when the signed-in caller is its lead: their page is the lead's, not this. */
  leadOrderId: z.string().nullable(),
});
export type TeamOrderLinkView = z.infer<typeof teamOrderLinkViewSchema>;

/** POST /api/team-orders/link/:token/members: the member's line and the key to change it. */
export const teamMemberJoinedSchema = z.object({ member: ownMemberView, key: teamOrderMemberKeySchema });
export type TeamMemberJoined = z.infer<typeof teamMemberJoinedSchema>;
export const teamMemberViewSchema = z.object({ member: ownMemberView });
export type TeamMemberView = z.infer<typeof memberView>;
export type TeamMemberOwnView = z.infer<typeof ownMemberView>;

/** One summed line: how many of one product, size and colour. */
export const teamOrderCountSchema = z.object({
  productId: z.string(),
  title: z.string(),
  size: z.string(),
  color: z.string(),
  count: z.number().int(),
  unavailable: z.boolean(),
});
export type TeamOrderCount = z.infer<typeof teamOrderCountSchema>;

/**
 * GET /api/team-orders/:id (and each `list` event of its live stream): the lead's (or an admin's)
 * view, with every member's name and choice and the counts; never a member's e-mail address.
 */
export const teamOrderLeadViewSchema = z.object({
  id: z.string(),
  /** Who reads it: the lead, who may change it, or the studio (an admin who is not the lead), who only reads. */
  viewer: z.enum(['lead', 'studio']),
  ...teamOrderOutlineFields,
  maxMembers: z.number().int(),
  state: teamOrderStateSchema,
  /** The link's token, null once revoked. */
  linkToken: z.string().nullable(),
  members: z.array(memberView.extend({ productTitle: z.string(), unavailable: z.boolean() })),
  counts: z.array(teamOrderCountSchema),
  createdAt: z.string(),
});
export type TeamOrderLeadView = z.infer<typeof teamOrderLeadViewSchema>;

/** GET /api/team-orders: the lead's team orders, newest first. */
export const teamOrderListSchema = z.object({
  teamOrders: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      leadName: z.string(),
      state: teamOrderStateSchema,
      closesOn: z.string(),
      closesAt: z.string(),
      memberCount: z.number().int(),
      maxMembers: z.number().int(),
      createdAt: z.string(),
    }),
  ),
});
export type TeamOrderList = z.infer<typeof teamOrderListSchema>;

/** POST /api/team-orders/:id/cart: the lead's cart now holds the summed lines; retired ones are named. */
export const teamOrderCartResultSchema = z.object({
  units: z.number().int(),
  leftOut: z.array(teamOrderCountSchema),
  notice: z.string().nullable(),
});
export type TeamOrderCartResult = z.infer<typeof teamOrderCartResultSchema>;

/** The `team-order-shipped` job of the notifications queue: one member's shipping e-mail. */
export const teamOrderShippedJobDataSchema = z.object({
  teamOrderId: teamOrderIdSchema,
  memberId: teamOrderMemberIdSchema,
});
export type TeamOrderShippedJobData = z.infer<typeof teamOrderShippedJobDataSchema>;

/** The `team-order-reminder` job of the notifications queue. */
export const teamOrderReminderJobDataSchema = z.object({ teamOrderId: teamOrderIdSchema });
export type TeamOrderReminderJobData = z.infer<typeof teamOrderReminderJobDataSchema>;
