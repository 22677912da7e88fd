import type { Queue } from 'bullmq';
import {
  SYNC_JOB_STREAM_EVENTS,
  TERMINAL_SYNC_STATES,
  type SyncJob,
  type SyncJobProgressEvent,
} from '@shop/shared/schemas';
import type { DocumentStore } from '@shop/shared/server/store';
import type { EventBus } from '../../plugins/infrastructure.js';
import type { EventStream } from '../sse/server-sent-events.js';
import { getSyncJob } from './sync-jobs.js';

// Live progress of one sync over SSE: `state` (the whole job) first and whenever its state
// changes, `progress` on every worker report, and the stream ends after the final state.
// Progress comes from the Redis event channel, which every API replica receives; the state is
// re-read from the queue and the store, so any replica can serve any job, and a missed event only
// delays the end by one poll.

/** How often an open stream re-reads the job. */
const POLL_MS = 5_000;
/** After the worker announced the end, BullMQ needs a moment to move the job to completed or failed. */
const SETTLE_POLL_MS = 200;
const SETTLE_WINDOW_MS = 10_000;

export interface SyncJobStreamDeps {
  queue: Queue;
  store: DocumentStore;
  eventBus: EventBus;
}

/** Follows the job on an open stream until it ends or the client leaves. */
export function followSyncJob(deps: SyncJobStreamDeps, stream: EventStream, initial: SyncJob): void {
  const id = initial.id;
  let last = initial;
  let settleUntil = 0;
  let wake: (() => void) | null = null;

  stream.send(SYNC_JOB_STREAM_EVENTS.state, initial);
  if (TERMINAL_SYNC_STATES.has(initial.state)) {
    stream.close();
    return;
  }

  const unsubscribe = deps.eventBus.subscribe((event) => {
    if (event.type !== 'sync.progress' || event.jobId !== id) return;
    if (event.state === 'active' && event.progress) {
      const progress: SyncJobProgressEvent = { id, state: 'active', progress: event.progress };
      stream.send(SYNC_JOB_STREAM_EVENTS.progress, progress);
    } else if (TERMINAL_SYNC_STATES.has(event.state as SyncJob['state'])) {
      settleUntil = Date.now() + SETTLE_WINDOW_MS;
      wake?.();
    }
  });

  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Date.now() < settleUntil ? SETTLE_POLL_MS : POLL_MS);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wake = null;
    });

  void (async () => {
    while (!stream.closed) {
      await sleep();
      if (stream.closed) break;
      const current = await getSyncJob(deps.queue, deps.store, id).catch(() => null);
      if (!current || stream.closed) continue;
      if (current.state !== last.state) stream.send(SYNC_JOB_STREAM_EVENTS.state, current);
      last = current;
      if (TERMINAL_SYNC_STATES.has(current.state)) stream.close();
    }
  })();

  stream.onClose(() => {
    unsubscribe();
    wake?.();
  });
}
