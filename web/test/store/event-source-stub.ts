// A stand-in for the browser's EventSource in unit tests: the test opens, feeds and breaks each
// connection by hand. Browser tests in tests/e2e use the real stream.

type Listener = (event: Event) => void;

export class EventSourceStub {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: EventSourceStub[] = [];

  readonly url: string;
  readyState = EventSourceStub.CONNECTING;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(url: string) {
    this.url = url;
    EventSourceStub.instances.push(this);
  }

  static latest(): EventSourceStub {
    const last = EventSourceStub.instances[EventSourceStub.instances.length - 1];
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }

  static reset(): void {
    EventSourceStub.instances = [];
  }

  addEventListener(type: string, listener: Listener): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.readyState = EventSourceStub.CLOSED;
  }

  open(): void {
    this.readyState = EventSourceStub.OPEN;
    this.dispatch('open', new Event('open'));
  }

  emit(type: string, data: unknown, lastEventId = ''): void {
    this.dispatch(
      type,
      new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId }),
    );
  }

  /** A dropped or refused connection, as the browser reports it. */
  fail(): void {
    this.dispatch('error', new Event('error'));
  }

  private dispatch(type: string, event: Event): void {
    if (this.readyState === EventSourceStub.CLOSED && type !== 'error') return;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

export const createEventSourceStub = (url: string) => new EventSourceStub(url) as unknown as EventSource;
