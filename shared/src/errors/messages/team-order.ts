// The messages of team orders (docs/rules.md#team-orders), shown by the API and the pages alike.

export const teamOrderLinkGone =
  'This team order link no longer works. Ask the person who shared it with you for a new one.';
export const teamOrderClosed = (lead: string) =>
  `This team order has closed, so no more changes are possible. ${lead} has the list and will order for everyone.`;
/** The link once the lead paid: the colleagues learn it was ordered, and once shipped, that it is on its way. */
export const teamOrderOrdered = (lead: string) =>
  `Ordered: ${lead} has paid for everyone's order. It is being made and ships to ${lead}; nothing more to do here.`;
export const teamOrderShipped = (lead: string) =>
  `Shipped: the parcel with everyone's order is on its way to ${lead}. Ask ${lead} for yours when it arrives.`;
export const teamOrderFull = (max: number) =>
  `This team order is full: it takes ${max} people. Ask the person who shared it whether they can start another.`;
export const teamOrderNotFound = 'Team order not found';
export const teamOrderNotLead = 'Only the person who started this team order can see or change its list';
export const teamOrderMemberNotFound =
  'Your place in this team order is not there any more: it was withdrawn or removed';
export const teamOrderMemberKey = 'This change needs the key your browser kept when you joined';
export const teamOrderNameRequired = 'Write your name so the lead knows whose shirt it is';
export const teamOrderNameTooLong = (max: number) => `A name has at most ${max} characters`;
export const teamOrderTitleTooLong = (max: number) => `A title has at most ${max} characters`;
export const teamOrderProductsRange = (max: number) => `Offer from 1 to ${max} products`;
export const teamOrderProductNotOffered = 'That product is not part of this team order';
export const teamOrderColorFixed = (color: string) => `Everyone in this team order gets ${color}`;
export const teamOrderChoiceUnavailable = 'That size and colour is not available; choose another';
export const teamOrderClosingPast = 'Choose a closing date after today';
export const teamOrderClosingTooFar = (days: number) => `Choose a closing date at most ${days} days from today`;
export const teamOrderMembersRange = (max: number) => `Choose a limit from 1 to ${max} people`;
export const teamOrderStillOpen = 'Close the team order before paying for it';
export const teamOrderEmpty = 'Nobody has joined yet, so there is nothing to pay for';
export const teamOrderAlreadyPaid = 'This team order is already paid';
export const teamOrderRetired = (names: string) =>
  `No longer sold, so left out of the cart: ${names}. Tell the people concerned before you pay.`;
export const teamOrderEmailInvalid = 'Check your e-mail address, for example name@example.com, or leave it empty';
export const teamOrderStreamPerClientLimit = (max: number) =>
  `Too many live team-order lists open from this address (at most ${max}); close another tab and try again`;
export const teamOrderStreamsAtCapacity =
  'Live team-order lists are at capacity right now; the list still loads, try again in a minute';
export const teamOrderLiveDropped = 'The live team-order list was interrupted; reconnecting';
export const teamOrderLiveReconnecting = 'Reconnecting: the list may be a moment behind';
export const teamOrderStudioView =
  'Viewing as the studio: only the lead can remove a line, close the order or change its link';
