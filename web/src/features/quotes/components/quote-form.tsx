import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import { QUOTE_MESSAGE_MAX_LENGTH, QUOTE_MESSAGE_MIN_LENGTH } from '@shop/shared';
import {
  QUOTE_BUDGETS,
  QUOTE_BUDGET_LABELS,
  QUOTE_SERVICES,
  QUOTE_SERVICE_LABELS,
  quoteRequestSchema,
  type QuoteCreated,
} from '@shop/shared/schemas';
import { isApiError, NETWORK_ERROR_CODE } from '../../../lib/api-client';
import { useCreateQuote } from '../api/create-quote';
import { clearDraft, EMPTY_DRAFT, loadDraft, saveDraft, type QuoteDraft } from '../quote-draft';
import '../quote-form.css';

type Field = keyof QuoteDraft;
type TextField = Exclude<Field, 'services'>;
type Errors = Partial<Record<Field, string>>;
const FIELD_ORDER: Field[] = ['name', 'email', 'company', 'services', 'budget', 'message'];

function validate(values: QuoteDraft): Errors {
  const result = quoteRequestSchema.safeParse(values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

function failureText(error: Error): string {
  if (isApiError(error) && error.code === NETWORK_ERROR_CODE)
    return 'We could not reach our server. Check your connection.';
  return error.message;
}

export function QuoteForm() {
  const [values, setValues] = useState<QuoteDraft>(loadDraft);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState<(QuoteCreated & { name: string; email: string }) | null>(null);
  const mutation = useCreateQuote();
  // Kept until the quote is sent, so a retry after a failure is recognised as the same submission.
  const submissionKey = useRef(globalThis.crypto.randomUUID());
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);

  const errors = validate(values);
  const visibleError = (field: Field) => (touched[field] || submitted ? errors[field] : undefined);

  useEffect(() => {
    if (sent) successRef.current?.focus();
  }, [sent]);

  const update = <K extends Field>(field: K, value: QuoteDraft[K]) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      saveDraft(next);
      return next;
    });
  };
  const touch = (field: Field) => setTouched((t) => (t[field] ? t : { ...t, [field]: true }));
  const toggleService = (service: string, checked: boolean) =>
    update('services', checked ? [...values.services, service] : values.services.filter((s) => s !== service));
  const onServicesBlur = (e: FocusEvent<HTMLFieldSetElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) touch('services');
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const parsed = quoteRequestSchema.safeParse(values);
    if (!parsed.success) {
      const first = FIELD_ORDER.find((f) => errors[f]);
      formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    mutation.mutate(
      { quote: parsed.data, submissionKey: submissionKey.current },
      {
        onSuccess: (created) => {
          clearDraft();
          setSent({ ...created, name: parsed.data.name, email: parsed.data.email });
        },
      },
    );
  };

  const reset = () => {
    submissionKey.current = globalThis.crypto.randomUUID();
    setValues(EMPTY_DRAFT);
    setTouched({});
    setSubmitted(false);
    setSent(null);
    mutation.reset();
  };

  if (sent) {
    return (
      <section className="quote-success" aria-labelledby="quote-success-title">
        <h2 id="quote-success-title" ref={successRef} tabIndex={-1}>
          Thank you, {sent.name}!
        </h2>
        <p>
          Your request is with us (reference <strong>{sent.id.slice(0, 8).toUpperCase()}</strong>). We will reply to{' '}
          <strong>{sent.email}</strong> within two working days.
        </p>
        <button type="button" className="button button--ghost" onClick={reset}>
          Send another request
        </button>
      </section>
    );
  }

  const describedBy = (field: Field, hint?: string) =>
    [hint, visibleError(field) ? `quote-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;
  /** What each text field's control carries: its ids, value, change and blur handling, and error state. */
  const controlProps = (field: TextField, hint?: string) => ({
    id: `quote-${field}`,
    'data-field': field,
    name: field,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      update(field, e.target.value),
    onBlur: () => touch(field),
    'aria-invalid': Boolean(visibleError(field)),
    'aria-describedby': describedBy(field, hint),
  });
  const errorText = (field: Field) =>
    visibleError(field) && (
      <p id={`quote-${field}-error`} className="field__error">
        {visibleError(field)}
      </p>
    );

  return (
    <form ref={formRef} className="quote-form" noValidate onSubmit={onSubmit} aria-labelledby="quote-form-title">
      <h2 id="quote-form-title" className="visually-hidden">
        Quote request form
      </h2>
      {mutation.isError && (
        <div className="callout callout--error" role="alert">
          <p>
            <strong>Your request was not sent.</strong> {failureText(mutation.error)} Everything you typed is saved on
            this device, so nothing is lost: please try again.
          </p>
        </div>
      )}

      <div className="form-row">
        <div className="field">
          <label htmlFor="quote-name">Your name</label>
          <input {...controlProps('name')} autoComplete="name" required />
          {errorText('name')}
        </div>
        <div className="field">
          <label htmlFor="quote-email">E-mail address</label>
          <input {...controlProps('email')} type="email" autoComplete="email" required />
          {errorText('email')}
        </div>
      </div>

      <div className="field">
        <label htmlFor="quote-company">
          Company or organisation <span className="field__optional">(optional)</span>
        </label>
        <input {...controlProps('company')} autoComplete="organization" />
        {errorText('company')}
      </div>

      <fieldset
        className="field field--group"
        onBlur={onServicesBlur}
        aria-describedby={describedBy('services')}
        aria-invalid={Boolean(visibleError('services'))}
      >
        <legend>Which services do you need?</legend>
        <div className="checkbox-grid">
          {QUOTE_SERVICES.map((service, i) => (
            <label key={service} className="checkbox">
              <input
                type="checkbox"
                name="services"
                value={service}
                data-field={i === 0 ? 'services' : undefined}
                checked={values.services.includes(service)}
                onChange={(e) => toggleService(service, e.target.checked)}
              />
              <span>{QUOTE_SERVICE_LABELS[service]}</span>
            </label>
          ))}
        </div>
        {errorText('services')}
      </fieldset>

      <div className="field">
        <label htmlFor="quote-budget">Budget</label>
        <select {...controlProps('budget')} required>
          <option value="">Choose a range</option>
          {QUOTE_BUDGETS.map((budget) => (
            <option key={budget} value={budget}>
              {QUOTE_BUDGET_LABELS[budget]}
            </option>
          ))}
        </select>
        {errorText('budget')}
      </div>

      <div className="field">
        <label htmlFor="quote-message">Tell us about your project</label>
        <p id="quote-message-hint" className="field__hint">
          What you want to build, for whom, and any deadline. {QUOTE_MESSAGE_MIN_LENGTH} to {QUOTE_MESSAGE_MAX_LENGTH}{' '}
          characters ({values.message.trim().length} so far).
        </p>
        <textarea
          {...controlProps('message', 'quote-message-hint')}
          rows={7}
          maxLength={QUOTE_MESSAGE_MAX_LENGTH}
          required
        />
        {errorText('message')}
      </div>

      <div className="form-actions">
        <button type="submit" className="button button--primary button--large" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending…' : 'Send request'}
        </button>
        <p className="field__hint">Your answers are saved on this device until the request is sent.</p>
      </div>
    </form>
  );
}
