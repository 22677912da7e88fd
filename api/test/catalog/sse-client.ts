// A minimal Server-Sent Events reader over fetch, for tests that read a real HTTP stream.

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export interface SseConnection {
  status: number;
  headers: Headers;
  /** The next event (comments and retry lines skipped); rejects if none comes within the timeout. */
  next(timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const queue: SseEvent[] = [];

  function takeEvents() {
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: SseEvent = { event: 'message', data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':') || line === '') continue;
        const colon = line.indexOf(':');
        const field = line.slice(0, colon);
        const value = line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event.event = value;
        else if (field === 'id') event.id = value;
        else if (field === 'data') {
          event.data += (hasData ? '\n' : '') + value;
          hasData = true;
        }
      }
      if (hasData) queue.push(event);
    }
  }

  return {
    status: res.status,
    headers: res.headers,
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0) {
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error('no server-sent event arrived in time');
        let timer: NodeJS.Timeout | undefined;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('no server-sent event arrived in time')), remaining);
          }),
        ]).finally(() => clearTimeout(timer));
        if (chunk.done) throw new Error('the stream ended');
        buffer += chunk.value;
        takeEvents();
      }
      return queue.shift()!;
    },
    close() {
      controller.abort();
    },
  };
}
