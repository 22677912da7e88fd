import { z } from 'zod';
import {
  QUOTE_COMPANY_MAX_LENGTH,
  QUOTE_EMAIL_MAX_LENGTH,
  QUOTE_MESSAGE_MAX_LENGTH,
  QUOTE_MESSAGE_MIN_LENGTH,
  QUOTE_NAME_MAX_LENGTH,
} from '../constants/index.js';
import { MESSAGES } from '../errors/index.js';
import { plainText } from './plain-text.js';

// The quote request (/contact/quote, POST /api/quotes): one schema validates the form in the
// browser and the body on the server, so both sides give the same messages.

export const QUOTE_SERVICES = [
  'website',
  'web-app',
  'e-commerce',
  'redesign',
  'performance',
  'accessibility',
  'maintenance',
] as const;
export type QuoteService = (typeof QUOTE_SERVICES)[number];
export const QUOTE_SERVICE_LABELS: Record<QuoteService, string> = {
  website: 'Marketing website',
  'web-app': 'Web application',
  'e-commerce': 'Online store',
  redesign: 'Redesign of an existing site',
  performance: 'Speed and Core Web Vitals',
  accessibility: 'Accessibility audit and fixes',
  maintenance: 'Ongoing care and maintenance',
};

export const QUOTE_BUDGETS = ['under-5k', '5k-15k', '15k-50k', '50k-plus', 'not-sure'] as const;
export type QuoteBudget = (typeof QUOTE_BUDGETS)[number];
export const QUOTE_BUDGET_LABELS: Record<QuoteBudget, string> = {
  'under-5k': 'Under $5,000',
  '5k-15k': '$5,000 to $15,000',
  '15k-50k': '$15,000 to $50,000',
  '50k-plus': 'More than $50,000',
  'not-sure': 'Not sure yet',
};

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const quoteRequestSchema = z.object({
  name: plainText(
    z
      .string({ error: MESSAGES.quoteNameRequired })
      .trim()
      .min(1, { error: MESSAGES.quoteNameRequired })
      .max(QUOTE_NAME_MAX_LENGTH, { error: MESSAGES.quoteNameTooLong(QUOTE_NAME_MAX_LENGTH) }),
    'Name',
  ),
  email: z
    .string({ error: MESSAGES.quoteEmailInvalid })
    .trim()
    .max(QUOTE_EMAIL_MAX_LENGTH, { error: MESSAGES.quoteEmailInvalid })
    .pipe(z.email({ error: MESSAGES.quoteEmailInvalid })),
  company: z.preprocess(
    emptyToUndefined,
    plainText(
      z
        .string()
        .trim()
        .max(QUOTE_COMPANY_MAX_LENGTH, { error: MESSAGES.quoteCompanyTooLong(QUOTE_COMPANY_MAX_LENGTH) }),
      'Company',
    ).optional(),
  ),
  services: z
    .array(z.enum(QUOTE_SERVICES), { error: MESSAGES.quoteServicesRequired })
    .min(1, { error: MESSAGES.quoteServicesRequired })
    .max(QUOTE_SERVICES.length)
    .refine((list) => new Set(list).size === list.length, { error: 'Each service may be chosen once' }),
  budget: z.enum(QUOTE_BUDGETS, { error: MESSAGES.quoteBudgetRequired }),
  message: z
    .string({ error: MESSAGES.quoteMessageTooShort(QUOTE_MESSAGE_MIN_LENGTH) })
    .trim()
    .min(QUOTE_MESSAGE_MIN_LENGTH, { error: MESSAGES.quoteMessageTooShort(QUOTE_MESSAGE_MIN_LENGTH) })
    .max(QUOTE_MESSAGE_MAX_LENGTH, { error: MESSAGES.quoteMessageTooLong(QUOTE_MESSAGE_MAX_LENGTH) }),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
/** What the form holds before validation (every field as typed). */
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

/**
 * One submission of the form, named by the browser: a resubmission after a time-out or a 503
 * sends the same key and never stores a second quote (the key is the quote's id).
 */
export const QUOTE_IDEMPOTENCY_HEADER = 'idempotency-key';
export const quoteIdempotencyKeySchema = z.uuid({ error: MESSAGES.idempotencyKeyInvalid });

export const quoteCreatedSchema = z.object({ id: z.string() });
export type QuoteCreated = z.infer<typeof quoteCreatedSchema>;

/** Where a lead stands in the studio's inbox (docs/rules.md#the-back-office). */
export const QUOTE_STATUSES = ['new', 'contacted', 'won', 'lost', 'spam'] as const;
export const quoteStatusSchema = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof quoteStatusSchema>;
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
};
export const QUOTE_NOTE_MAX_LENGTH = 2000;

/** A reply the studio wrote in the admin and e-mailed to the visitor; the quote keeps the thread. */
export const QUOTE_REPLY_MAX_LENGTH = 5000;
export const quoteReplySchema = z.object({
  id: z.string(),
  at: z.string(),
  by: z.string(),
  message: z.string(),
});
export type QuoteReply = z.infer<typeof quoteReplySchema>;

/** The stored document, quotes/{id}. The studio's status, note and who last changed them come later. */
/** What a quote gains once stored: its status, when it came, and the studio's note and replies. */
const quoteStudioFields = {
  status: quoteStatusSchema,
  createdAt: z.string(),
  note: z.string().optional(),
  updatedAt: z.string().optional(),
  updatedBy: z.string().optional(),
  replies: z.array(quoteReplySchema).optional(),
};

export const quoteDocumentSchema = quoteRequestSchema.extend(quoteStudioFields);
export type QuoteDocument = z.infer<typeof quoteDocumentSchema>;

/** One quote in the admin inbox: the stored quote and its id (plain fields: an answer, not an input). */
export const adminQuoteSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().optional(),
  services: z.array(z.enum(QUOTE_SERVICES)),
  budget: z.enum(QUOTE_BUDGETS),
  message: z.string(),
  ...quoteStudioFields,
});
export type AdminQuote = z.infer<typeof adminQuoteSchema>;
export const adminQuotesQuerySchema = z.object({ status: quoteStatusSchema.optional() });
export const adminQuotesResponseSchema = z.object({ quotes: z.array(adminQuoteSchema) });
export type AdminQuotesResponse = z.infer<typeof adminQuotesResponseSchema>;
export const adminQuoteParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[\w-]+$/),
});
/** PATCH /api/admin/quotes/:id */
export const quoteUpdateSchema = z.object({
  status: quoteStatusSchema,
  note: z.string().trim().max(QUOTE_NOTE_MAX_LENGTH).optional(),
});
export type QuoteUpdate = z.infer<typeof quoteUpdateSchema>;

/** POST /api/admin/quotes/:id/replies: the message sent to the visitor from the studio. */
export const quoteReplyRequestSchema = z.object({
  message: z
    .string({ error: MESSAGES.quoteReplyRequired })
    .trim()
    .min(1, { error: MESSAGES.quoteReplyRequired })
    .max(QUOTE_REPLY_MAX_LENGTH, { error: MESSAGES.quoteReplyTooLong(QUOTE_REPLY_MAX_LENGTH) }),
});
export type QuoteReplyRequest = z.infer<typeof quoteReplyRequestSchema>;

/** The `notifications` queue's quote-reply job: which reply of which quote to send. */
export const quoteReplyJobDataSchema = z.object({ quoteId: z.string().min(1), replyId: z.string().min(1) });
export type QuoteReplyJobData = z.infer<typeof quoteReplyJobDataSchema>;

/** The `notifications` queue's quote-received job: which stored quote to announce. */
export const quoteJobDataSchema = z.object({ quoteId: z.string().min(1) });
export type QuoteJobData = z.infer<typeof quoteJobDataSchema>;
