// Team orders by link (docs/rules.md#team-orders): the limits a lead and the members meet.

/** Most people one team order takes. */
export const TEAM_ORDER_MAX_MEMBERS = 100;
/** The closing date is at most this many days ahead of the day it is set. */
export const TEAM_ORDER_MAX_DAYS_AHEAD = 60;
/** A member's name (and the team order's title) is at most this many characters. */
export const TEAM_ORDER_NAME_MAX_LENGTH = 40;
/** Most products one team order offers. */
export const TEAM_ORDER_MAX_PRODUCTS = 10;
/** Random bytes in a link's token: 192 bits, above the 128 a link must carry to be unguessable. */
export const TEAM_ORDER_TOKEN_BYTES = 24;
/** Random bytes in the key a member keeps to change or withdraw their line. */
export const TEAM_ORDER_MEMBER_KEY_BYTES = 24;
/** Joins, changes and withdrawals per client and minute on a link (stricter than the API-wide budget). */
export const TEAM_ORDER_JOIN_RATE_LIMIT_PER_MIN = 10;
/** A member's optional e-mail address (to hear when it ships) is at most this long (RFC 5321's path limit). */
export const TEAM_ORDER_EMAIL_MAX_LENGTH = 254;
/** The events of the lead's live list (`GET /api/team-orders/:id/events`). */
export const TEAM_ORDER_STREAM_EVENTS = { list: 'list' } as const;
/** The header that carries a member's key on a change or withdrawal. */
export const TEAM_ORDER_MEMBER_KEY_HEADER = 'x-team-member-key';
/** Longest packing-slip message the store sends Printful for a team order (the names of everyone in it). */
export const TEAM_ORDER_PACKING_SLIP_MAX = 4000;
