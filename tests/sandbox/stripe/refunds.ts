import { z } from 'zod';
import { metadata, randomId, StripeApiError, type SessionRecord } from './checkout-session.js';
import type { FormObject } from './form-encoding.js';
import type { SandboxEvent, WebhookSender } from './webhook-delivery.js';
import { money } from './currencies.js';

// Refunds and disputes of a paid Checkout Session's payment (docs/providers.md#stripe-checkout-sessions, docs/providers.md#stripe-refunds-and-disputes), as Stripe's API and webhooks present them: `POST /v1/refunds` with a payment_intent (or a
// charge) and an optional partial amount, never more than what is left; `refund.created` and
// `charge.refunded` signed and delivered (in no promised order); refunds listed by payment_intent;
// the session found by its payment_intent. Disputes come from the bank, so only the test controls
// open one (`charge.dispute.created`).

export const PAYMENT_EVENT_TYPES = [
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'charge.dispute.created',
] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

export const REFUND_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;
type RefundStatus = (typeof REFUND_STATUSES)[number];

export interface SandboxRefund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string | null;
  charge: string;
  created: number;
  currency: string;
  failure_reason: string | null;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: RefundStatus;
}

export interface SandboxDispute {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  is_charge_refundable: boolean;
  livemode: false;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string;
  status: string;
  evidence_details: { due_by: number; has_evidence: boolean; past_due: boolean; submission_count: number };
}

export interface PaymentsOptions {
  sessions: Map<string, SessionRecord>;
  sender: WebhookSender;
  /** Keeps the event for redelivery through the sandbox's own controls. */
  remember: (event: SandboxEvent) => void;
}

const refundControlSchema = z.object({
  status: z.enum(REFUND_STATUSES),
  failureReason: z.string().max(100).optional(),
});
const disputeControlSchema = z.object({
  reason: z.string().max(100).default('product_not_received'),
  amount: z.number().int().positive().optional(),
});

const now = () => Math.floor(Date.now() / 1000);
const chargeIdOf = (paymentIntent: string) => `ch_${paymentIntent.replace(/^pi_/, '')}`;
/** The sandbox keeps payment_intent as an id (it is never expanded). */
const intentOf = (record: SessionRecord) =>
  typeof record.session.payment_intent === 'string' ? record.session.payment_intent : null;

const REFUND_REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer']);

function missing(kind: string, id: string, param: string): StripeApiError {
  return new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, param, 'resource_missing');
}

export function createPayments({ sessions, sender, remember }: PaymentsOptions) {
  const refunds = new Map<string, SandboxRefund>();
  const disputes = new Map<string, SandboxDispute>();

  function paidSession(paymentIntent: string): SessionRecord {
    const record = [...sessions.values()].find((r) => r.session.payment_intent === paymentIntent);
    if (!record) throw missing('payment_intent', paymentIntent, 'payment_intent');
    return record;
  }

  function refundsOf(paymentIntent: string): SandboxRefund[] {
    return [...refunds.values()]
      .filter((r) => r.payment_intent === paymentIntent)
      .sort((a, b) => b.created - a.created);
  }

  /** What Stripe counts as refunded on the charge: refunds that did not fail or get canceled. */
  function amountRefunded(paymentIntent: string): number {
    return refundsOf(paymentIntent)
      .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amount, 0);
  }

  function charge(paymentIntent: string) {
    const { session } = paidSession(paymentIntent);
    const amount = session.amount_total ?? 0;
    const refunded = amountRefunded(paymentIntent);
    return {
      id: chargeIdOf(paymentIntent),
      object: 'charge' as const,
      amount,
      amount_captured: amount,
      amount_refunded: refunded,
      captured: true,
      created: session.created,
      currency: session.currency ?? 'usd',
      disputed: [...disputes.values()].some((d) => d.payment_intent === paymentIntent),
      livemode: false,
      metadata: {},
      paid: true,
      payment_intent: paymentIntent,
      refunded: refunded >= amount && amount > 0,
      status: 'succeeded',
    };
  }

  function emit(type: PaymentEventType, object: { id: string }, apiVersion: string | null): Promise<unknown> {
    // The checkout events' envelope, around a refund, charge or dispute instead of a session.
    const event = {
      id: randomId('evt_test_', 18),
      object: 'event',
      api_version: apiVersion,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as SandboxEvent;
    remember(event);
    return sender.deliver(event);
  }

  function paymentIntentOf(body: FormObject): string {
    const intent = typeof body.payment_intent === 'string' ? body.payment_intent : null;
    const chargeId = typeof body.charge === 'string' ? body.charge : null;
    if (intent) return intent;
    if (chargeId) {
      const intent = [...sessions.values()].map(intentOf).find((i) => i !== null && chargeIdOf(i) === chargeId);
      if (!intent) throw missing('charge', chargeId, 'charge');
      return intent;
    }
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'One of the following params should be provided for this request: payment_intent or charge.',
    );
  }

  async function createRefund(body: FormObject): Promise<SandboxRefund> {
    const paymentIntent = paymentIntentOf(body);
    const record = paidSession(paymentIntent);
    if (record.session.payment_status !== 'paid')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `PaymentIntent ${paymentIntent} does not have a successful charge to refund.`,
        'payment_intent',
      );
    // Stripe refuses to refund a charged-back payment: the dispute is where the money is settled.
    if ([...disputes.values()].some((d) => d.payment_intent === paymentIntent && !/^(won|lost)$/.test(d.status)))
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge ${chargeIdOf(paymentIntent)} has been charged back; cannot issue a refund.`,
        'charge',
        'charge_disputed',
      );
    const total = record.session.amount_total ?? 0;
    const left = total - amountRefunded(paymentIntent);
    if (left <= 0)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge ${chargeIdOf(paymentIntent)} has already been refunded.`,
        'charge',
        'charge_already_refunded',
      );
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1)
      throw new StripeApiError(400, 'invalid_request_error', 'Invalid positive integer', 'amount');
    if (amount > left)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Refund amount (${money(amount, record.session.currency ?? 'usd')}) is greater than unrefunded amount on charge (${money(left, record.session.currency ?? 'usd')})`,
        'amount',
        'amount_too_large',
      );
    const reason = typeof body.reason === 'string' ? body.reason : null;
    if (reason !== null && !REFUND_REASONS.has(reason))
      throw new StripeApiError(400, 'invalid_request_error', `Invalid reason: ${reason}`, 'reason');
    const refund: SandboxRefund = {
      id: randomId('re_test_', 12),
      object: 'refund',
      amount,
      balance_transaction: randomId('txn_test_', 12),
      charge: chargeIdOf(paymentIntent),
      created: now(),
      currency: record.session.currency ?? 'usd',
      failure_reason: null,
      // Stripe's limits on metadata hold here too (a note longer than 500 characters is refused).
      metadata: metadata(body.metadata, 'metadata'),
      payment_intent: paymentIntent,
      reason,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    // Stripe sends both, in no guaranteed order; the refund's answer does not wait for them.
    void Promise.all([
      emit('refund.created', refund, record.apiVersion),
      emit('charge.refunded', charge(paymentIntent), record.apiVersion),
    ]).catch(() => undefined);
    return refund;
  }

  function list<T>(data: T[], url: string, query: FormObject) {
    const limit = query.limit === undefined ? 10 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Invalid limit: must be an integer between 1 and 100.',
        'limit',
      );
    return { object: 'list' as const, data: data.slice(0, limit), has_more: data.length > limit, url };
  }

  /** A Stripe API route of this module, or undefined when the path is not one. */
  async function api(method: string, path: string, query: FormObject, body: FormObject): Promise<unknown> {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    if (method === 'GET' && path === '/v1/refunds') {
      const intent = typeof query.payment_intent === 'string' ? query.payment_intent : null;
      const all = intent ? refundsOf(intent) : [...refunds.values()];
      return list(all, '/v1/refunds', query);
    }
    if (method === 'GET' && (match = /^\/v1\/refunds\/([^/]+)$/.exec(path))) {
      const refund = refunds.get(decodeURIComponent(match[1]));
      if (!refund) throw missing('refund', decodeURIComponent(match[1]), 'id');
      return refund;
    }
    if (method === 'GET' && (match = /^\/v1\/charges\/([^/]+)$/.exec(path))) {
      const id = decodeURIComponent(match[1]);
      const intent = [...sessions.values()].map(intentOf).find((i) => i !== null && chargeIdOf(i) === id);
      if (!intent) throw missing('charge', id, 'id');
      return charge(intent);
    }
    if (method === 'GET' && (match = /^\/v1\/disputes\/([^/]+)$/.exec(path))) {
      const dispute = disputes.get(decodeURIComponent(match[1]));
      if (!dispute) throw missing('dispute', decodeURIComponent(match[1]), 'dispute');
      return dispute;
    }
    if (method === 'GET' && path === '/v1/checkout/sessions' && typeof query.payment_intent === 'string') {
      const intent = query.payment_intent;
      const found = [...sessions.values()].filter((r) => r.session.payment_intent === intent).map((r) => r.session);
      return list(found, '/v1/checkout/sessions', query);
    }
    return undefined;
  }

  /** Moves a refund on (e.g. pending to failed) and sends `refund.updated`, as the bank's answer would. */
  function updateRefund(id: string, status: RefundStatus, failureReason?: string): SandboxRefund {
    const refund = refunds.get(id);
    if (!refund) throw missing('refund', id, 'id');
    refund.status = status;
    refund.failure_reason = status === 'failed' ? (failureReason ?? 'declined') : null;
    void emit('refund.updated', refund, paidSession(refund.payment_intent).apiVersion).catch(() => undefined);
    return refund;
  }

  /** The shopper's bank disputes the payment: `charge.dispute.created`. */
  function openDispute(paymentIntent: string, options: z.input<typeof disputeControlSchema> = {}): SandboxDispute {
    const { reason, amount } = disputeControlSchema.parse(options);
    const record = paidSession(paymentIntent);
    const dispute: SandboxDispute = {
      id: randomId('dp_test_', 12),
      object: 'dispute',
      amount: amount ?? record.session.amount_total ?? 0,
      charge: chargeIdOf(paymentIntent),
      created: now(),
      currency: record.session.currency ?? 'usd',
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: paymentIntent,
      reason,
      status: 'needs_response',
      evidence_details: { due_by: now() + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
    };
    disputes.set(dispute.id, dispute);
    void emit('charge.dispute.created', dispute, record.apiVersion).catch(() => undefined);
    return dispute;
  }

  /** Test controls: `POST /__sandbox/refunds/:id` {status} and `POST /__sandbox/payment_intents/:id/dispute`. */
  async function control(method: string, path: string, json: () => Promise<unknown>): Promise<unknown> {
    let match: RegExpExecArray | null;
    const parse = <T>(schema: z.ZodType<T>, value: unknown): T => {
      const result = schema.safeParse(value);
      if (!result.success) throw new StripeApiError(400, 'invalid_request_error', z.prettifyError(result.error));
      return result.data;
    };
    if (method === 'POST' && (match = /^\/__sandbox\/refunds\/([^/]+)$/.exec(path))) {
      const { status, failureReason } = parse(refundControlSchema, await json());
      return updateRefund(decodeURIComponent(match[1]), status, failureReason);
    }
    if (method === 'POST' && (match = /^\/__sandbox\/payment_intents\/([^/]+)\/dispute$/.exec(path))) {
      return openDispute(decodeURIComponent(match[1]), parse(disputeControlSchema, await json()));
    }
    return undefined;
  }

  return { api, control, updateRefund, openDispute, refunds, disputes };
}
export type SandboxPayments = ReturnType<typeof createPayments>;
