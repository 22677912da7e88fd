import { TEAM_ORDER_STREAM_EVENTS } from '@shop/shared';
import type { TeamOrderLeadView } from '@shop/shared/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../plugins/infrastructure.js';
import type { EventStream } from '../sse/server-sent-events.js';

// The lead's live list over SSE (docs/contracts.md#team-orders): the whole list (`list`) at once,
// then again whenever the team order changes. A change is announced on the Redis event channel
// (`team-order.changed` with the id only), which every API replica receives, so a member who joins
// through one replica shows on a list open on another; the list itself is re-read from the store
// for this caller, so nothing about people travels through Redis. Missed announcements (Redis
// reconnecting) are made up for: the bus then tells every listener to reload, and a browser that
// reconnects gets the whole list first. The stream ends once the order is paid (nothing changes
// after), and the list is sent again when the closing day ends, as the order closes by itself then.

/** setTimeout's longest delay; a closing day further away is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface TeamOrderStreamDeps {
  eventBus: EventBus;
  /** The list as this caller reads it now; throws when it is gone or no longer theirs. */
  read: () => Promise<TeamOrderLeadView>;
  log: FastifyBaseLogger;
}

export function followTeamOrder(deps: TeamOrderStreamDeps, stream: EventStream, initial: TeamOrderLeadView): void {
  let sent = '';
  let reading = false;
  let again = false;
  let closingTimer: NodeJS.Timeout | undefined;
  let productIds = new Set(initial.products.map((p) => p.id));

  const send = (view: TeamOrderLeadView) => {
    const json = JSON.stringify(view);
    if (json !== sent) {
      sent = json;
      stream.send(TEAM_ORDER_STREAM_EVENTS.list, json);
    }
    productIds = new Set(view.products.map((p) => p.id));
    clearTimeout(closingTimer);
    if (view.state === 'paid') return stream.close();
    if (view.state === 'open') {
      const wait = Math.min(Math.max(Date.parse(view.closesAt) - Date.now(), 0) + 50, MAX_TIMER_MS);
      closingTimer = setTimeout(refresh, wait);
    }
  };

  // One read at a time; announcements that arrive meanwhile make one more read after it.
  async function refresh(): Promise<void> {
    if (stream.closed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const view = await deps.read();
        if (stream.closed) return;
        send(view);
      } while (again && !stream.closed);
    } catch (err) {
      // Gone, or no longer this caller's to read: the stream ends (a reconnect gets the answer).
      // A store that is down keeps the stream; the next announcement tries again.
      const code = (err as { code?: string }).code;
      if (code === 'not-found' || code === 'permission-denied') stream.close();
      else deps.log.warn({ err, teamOrderId: initial.id }, 'could not re-read a team order for its live list');
    } finally {
      reading = false;
    }
  }

  const unsubscribe = deps.eventBus.subscribe((event) => {
    if (event.type === 'team-order.changed' && event.id === initial.id) void refresh();
    // A catalogue change can retire a product on the list; an empty list of ids is the bus saying
    // it reconnected (announcements may have been missed): read again either way.
    else if (
      event.type === 'inventory.changed' &&
      (event.ids.length === 0 || event.ids.some((id) => productIds.has(id)))
    )
      void refresh();
  });
  stream.onClose(() => {
    unsubscribe();
    clearTimeout(closingTimer);
  });
  send(initial);
}
