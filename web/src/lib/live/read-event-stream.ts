// Server-Sent Events read from a fetch() response. EventSource cannot send an Authorization
// header, and the admin job stream and the team lead's live list require one, so the stream is
// read by hand: lines of `event:` and `data:`, a blank line ends an event, lines starting with `:`
// are comments.

export interface StreamEvent {
  event: string;
  data: string;
}

export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StreamEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  const takeLine = (line: string) => {
    if (line === '') {
      if (data.length > 0) onEvent({ event, data: data.join('\n') });
      event = 'message';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split(/\r?\n/);
    buffer = lines.pop() ?? '';
    lines.forEach(takeLine);
  }
  if (buffer) takeLine(buffer);
  takeLine('');
}
