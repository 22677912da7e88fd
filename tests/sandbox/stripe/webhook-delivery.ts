import { createHmac } from 'node:crypto';
import type { SandboxSession } from './checkout-session.js';
import { randomId } from './checkout-session.js';

// Webhook events as Stripe sends them (docs/providers.md#stripe-webhook-signatures): a JSON body signed with
// `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body" keyed with the whole whsec string>`.

export const CHECKOUT_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
export type CheckoutEventType = (typeof CHECKOUT_EVENT_TYPES)[number];

export interface SandboxEvent {
  id: string;
  object: 'event';
  api_version: string | null;
  created: number;
  data: { object: SandboxSession };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: CheckoutEventType;
}

export interface Delivery {
  eventId: string;
  type: CheckoutEventType;
  sessionId: string;
  /** 1 for the first try of a copy, then 2, 3... for Stripe-style retries of a failed delivery. */
  attempt: number;
  /** The endpoint's HTTP status; 0 when it could not be reached. */
  status: number;
  error?: string;
  deliveredAt: string;
}

export interface DeliveryOptions {
  /** Send the same event this many times at once (duplicate delivery). Default 1. */
  times?: number;
  /** Wait this long before sending; the event keeps the session as it was when it happened. */
  delayMs?: number;
  /** Delays between retries of a non-2xx delivery, as Stripe retries (sandbox-short). Default none. */
  retryDelaysMs?: number[];
}

const WEBHOOK_TIMEOUT_MS = 10_000;

export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function buildEvent(type: CheckoutEventType, session: SandboxSession, apiVersion: string | null): SandboxEvent {
  return {
    id: randomId('evt_test_', 18),
    object: 'event',
    api_version: apiVersion,
    created: Math.floor(Date.now() / 1000),
    data: { object: structuredClone(session) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  constructor(
    private readonly webhookUrl: string | (() => string),
    private readonly secret: string,
  ) {}

  private async post(event: SandboxEvent, attempt: number): Promise<Delivery> {
    const payload = JSON.stringify(event, null, 2);
    const base = { eventId: event.id, type: event.type, sessionId: event.data.object.id, attempt };
    let delivery: Delivery;
    try {
      const url = typeof this.webhookUrl === 'function' ? this.webhookUrl() : this.webhookUrl;
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(payload, this.secret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      delivery = { ...base, status: response.status, deliveredAt: new Date().toISOString() };
    } catch (e) {
      delivery = { ...base, status: 0, error: (e as Error).message, deliveredAt: new Date().toISOString() };
    }
    this.deliveries.push(delivery);
    return delivery;
  }

  private async deliverCopy(event: SandboxEvent, retryDelaysMs: number[]): Promise<Delivery[]> {
    const attempts: Delivery[] = [await this.post(event, 1)];
    for (const [i, wait] of retryDelaysMs.entries()) {
      const last = attempts[attempts.length - 1];
      if (last.status >= 200 && last.status < 300) break;
      await sleep(wait);
      attempts.push(await this.post(event, i + 2));
    }
    return attempts;
  }

  /** Sends one event (possibly several copies at once); resolves with every attempt made. */
  async deliver(event: SandboxEvent, options: DeliveryOptions = {}): Promise<Delivery[]> {
    if (options.delayMs) await sleep(options.delayMs);
    const copies = Math.max(1, options.times ?? 1);
    const results = await Promise.all(
      Array.from({ length: copies }, () => this.deliverCopy(event, options.retryDelaysMs ?? [])),
    );
    return results.flat();
  }
}
