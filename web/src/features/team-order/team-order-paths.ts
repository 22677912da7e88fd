// The team-order pages (docs/rules.md#team-orders): the link everyone opens, and the lead's own page.

export const teamOrderLinkPath = (token: string) => `/store/team/${encodeURIComponent(token)}`;
export const teamOrderLeadPath = (id: string) => `/store/team/lead/${encodeURIComponent(id)}`;
export const TEAM_ORDER_START_PATH = '/store/team/start';
export { ACCOUNT_TEAM_ORDERS_ANCHOR, ACCOUNT_TEAM_ORDERS_PATH } from '@shop/shared/pages';
