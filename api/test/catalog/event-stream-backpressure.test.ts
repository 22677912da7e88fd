import { EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { EventStreams, type EventStream } from '../../src/services/sse/server-sent-events.js';

// A shopper on a stalled connection must not make the API buffer one catalogue snapshot after
// another (security review 2026-11-25): while the socket has not drained, only the newest event
// waits, and it is written once the client reads again.

/** The response side of a socket whose reader has stopped until `drain()` is called. */
class StalledResponse extends EventEmitter {
  writableNeedDrain = false;
  readonly written: string[] = [];
  writeHead(): this {
    return this;
  }
  write(text: string): boolean {
    this.written.push(text);
    return !this.writableNeedDrain;
  }
  end(): void {
    this.emit('close');
  }
  /** The reader catches up. */
  drain(): void {
    this.writableNeedDrain = false;
    this.emit('drain');
  }
}

function streamOn(res: StalledResponse): EventStream {
  const reply = {
    hijack() {},
    raw: res,
    getHeaders: () => ({}),
    getHeader: () => undefined,
  } as unknown as FastifyReply;
  return new EventStreams().start(reply, '192.0.2.1');
}

const events = (res: StalledResponse) => res.written.filter((text) => text.startsWith('event:'));

describe('a live stream to a client that stopped reading', () => {
  let stream: EventStream | undefined;
  afterEach(() => stream?.close());

  it('keeps only the newest event while the socket has not drained, then sends it', () => {
    const res = new StalledResponse();
    stream = streamOn(res);
    stream.send('snapshot', { version: 1 });
    expect(events(res)).toHaveLength(1);

    res.writableNeedDrain = true;
    for (let version = 2; version <= 50; version++) stream.send('snapshot', { version });
    expect(events(res)).toHaveLength(1);

    res.drain();
    expect(events(res)).toEqual([
      'event: snapshot\ndata: {"version":1}\n\n',
      'event: snapshot\ndata: {"version":50}\n\n',
    ]);
  });

  it('drops what was waiting when the client goes away', () => {
    const res = new StalledResponse();
    stream = streamOn(res);
    res.writableNeedDrain = true;
    stream.send('snapshot', { version: 1 });
    res.emit('close');
    res.drain();
    expect(stream.closed).toBe(true);
    expect(events(res)).toEqual([]);
  });
});
