import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { customerKeyOfEmail, customerPath } from '@shop/shared/domain/customer';
import {
  QUOTE_BUDGET_LABELS,
  QUOTE_NOTE_MAX_LENGTH,
  QUOTE_SERVICE_LABELS,
  QUOTE_STATUS_LABELS,
  QUOTE_STATUSES,
  QUOTE_REPLY_MAX_LENGTH,
  quoteReplyRequestSchema,
  quoteStatusSchema,
  type AdminQuote,
  type QuoteStatus,
} from '@shop/shared/schemas';
import { useAdminQuotes, useReplyToQuote, useUpdateQuote } from '../api/admin-quotes';
import { useStudioTime } from '../../../lib/studio-time';
import { formProblem } from '../../../lib/api-error';
import './quotes-inbox.css';

// /admin/quotes: the leads from the quote form, newest first, filterable by where they stand
// (?status=). Each can be moved on (contacted, won, lost, spam) with a note for the team, and
// answered: a reply goes to the visitor as an e-mail from the studio and stays on the quote.

/** The thread of replies sent from the admin, and the form for the next one. */
function QuoteReplies({ quote, onActed }: { quote: AdminQuote; onActed?: (quote: AdminQuote) => void }) {
  const reply = useReplyToQuote();
  const time = useStudioTime();
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const replyId = useId();
  const problemId = useId();
  const replies = quote.replies ?? [];
  return (
    <section className="quote-thread" aria-label={`Replies to ${quote.name}`}>
      {replies.length > 0 && (
        <ol className="quote-thread__list" data-testid="quote-replies">
          {replies.map((r) => (
            <li key={r.id} className="quote-thread__reply">
              <p className="quote-card__meta">
                Sent {time.dateTime(r.at)} by {r.by}
              </p>
              <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{r.message}</p>
            </li>
          ))}
        </ol>
      )}
      <form
        className="quote-thread__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const checked = quoteReplyRequestSchema.safeParse({ message });
          if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? null);
          setProblem(null);
          reply.mutate(
            { id: quote.id, body: checked.data },
            {
              onSuccess: (answered) => {
                setMessage('');
                onActed?.(answered);
              },
              onError: (err) => setProblem(formProblem(err)),
            },
          );
        }}
      >
        <label htmlFor={replyId}>Reply to {quote.email}</label>
        <textarea
          id={replyId}
          className="admin-note"
          maxLength={QUOTE_REPLY_MAX_LENGTH}
          value={message}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => setMessage(e.target.value)}
        />
        {problem && (
          <p id={problemId} role="alert" className="form-message form-message--error">
            {problem}
          </p>
        )}
        <div>
          <button type="submit" className="button button--primary" disabled={reply.isPending}>
            {reply.isPending ? 'Sending...' : 'Send reply'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Each status as the studio reads it, for the card's status choice and the inbox's filter. */
function QuoteStatusOptions() {
  return QUOTE_STATUSES.map((s) => (
    <option key={s} value={s}>
      {QUOTE_STATUS_LABELS[s]}
    </option>
  ));
}

export function QuoteCard({
  quote,
  onActed,
  keptNote,
}: {
  quote: AdminQuote;
  /** After a reply or a save: the quote as the answer gives it, so a filtered list can keep it in view. */
  onActed?: (quote: AdminQuote) => void;
  /** Why a quote is shown though it no longer matches the list's filter. */
  keptNote?: string;
}) {
  const update = useUpdateQuote();
  const time = useStudioTime();
  // Starts at where the lead stands: saving a note alone must not move it on.
  const [status, setStatus] = useState<QuoteStatus>(quote.status);
  const [note, setNote] = useState(quote.note ?? '');
  const statusId = useId();
  const noteId = useId();
  const titleId = useId();
  return (
    <li className="card quote-card" aria-labelledby={titleId} data-testid="admin-quote">
      <header className="quote-card__head">
        <div>
          <h2 id={titleId} className="quote-card__name">
            <Link to={`/admin/quotes/${encodeURIComponent(quote.id)}`}>
              {quote.name}
              {quote.company ? `, ${quote.company}` : ''}
            </Link>
          </h2>
          <p className="quote-card__meta">
            {time.dateTime(quote.createdAt)} · <a href={`mailto:${quote.email}`}>{quote.email}</a> ·{' '}
            <Link to={customerPath(customerKeyOfEmail(quote.email))}>Customer page</Link>
          </p>
        </div>
        <span className={`quote-badge quote-badge--${quote.status}`} data-testid="admin-quote-status">
          {QUOTE_STATUS_LABELS[quote.status]}
        </span>
      </header>
      <dl className="admin-facts">
        <dt>Services</dt>
        <dd>{quote.services.map((s) => QUOTE_SERVICE_LABELS[s]).join(', ')}</dd>
        <dt>Budget</dt>
        <dd>{QUOTE_BUDGET_LABELS[quote.budget]}</dd>
        <dt>Project</dt>
        <dd style={{ whiteSpace: 'pre-wrap' }}>{quote.message}</dd>
        {quote.updatedBy && (
          <>
            <dt>Last change</dt>
            <dd>
              {quote.updatedAt ? time.dateTime(quote.updatedAt) : ''} by {quote.updatedBy}
            </dd>
          </>
        )}
      </dl>
      <form
        className="admin-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate({ id: quote.id, change: { status, note } }, { onSuccess: (saved) => onActed?.(saved) });
        }}
      >
        <label htmlFor={statusId}>
          Status
          <select id={statusId} value={status} onChange={(e) => setStatus(quoteStatusSchema.parse(e.target.value))}>
            <QuoteStatusOptions />
          </select>
        </label>
        <label htmlFor={noteId} style={{ flex: '1 1 16rem' }}>
          Note for the team
          <textarea
            id={noteId}
            className="admin-note"
            maxLength={QUOTE_NOTE_MAX_LENGTH}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </label>
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </button>
        <span role="status" aria-live="polite">
          {update.isSuccess && 'Saved.'}
          {update.error && <span className="form-message form-message--error">{update.error.message}</span>}
        </span>
      </form>
      {keptNote && (
        <p className="callout" role="status" data-testid="quote-kept">
          {keptNote}
        </p>
      )}
      <QuoteReplies quote={quote} onActed={onActed} />
    </li>
  );
}

export function QuotesInbox() {
  const [params, setParams] = useSearchParams();
  const parsed = quoteStatusSchema.safeParse(params.get('status'));
  const status = parsed.success ? parsed.data : null;
  const { data: listed, isPending, error } = useAdminQuotes(status);
  // Quotes answered or moved on here since the list was opened: the list, read again, may no longer
  // hold them (a reply moves a new quote to Contacted), but the studio still sees what it just did.
  const [acted, setActed] = useState<{ filter: QuoteStatus | null; quotes: AdminQuote[] }>({
    filter: status,
    quotes: [],
  });
  const kept = acted.filter === status ? acted.quotes : [];
  const keep = (quote: AdminQuote) =>
    setActed({ filter: status, quotes: [quote, ...kept.filter((q) => q.id !== quote.id)] });
  const quotes = listed && [
    ...kept.filter((q) => !listed.some((l) => l.id === q.id)),
    ...listed.map((l) => kept.find((q) => q.id === l.id && (q.updatedAt ?? '') > (l.updatedAt ?? '')) ?? l),
  ];
  const keptNote = (quote: AdminQuote) =>
    status && quote.status !== status && kept.some((q) => q.id === quote.id)
      ? `${quote.replies?.length ? 'Reply sent. ' : 'Saved. '}Now marked “${QUOTE_STATUS_LABELS[quote.status]}”, so it leaves the “${QUOTE_STATUS_LABELS[status]}” list when the page is opened again.`
      : undefined;
  return (
    <div className="container admin-section">
      <div className="admin-toolbar">
        <label>
          Show
          <select
            value={status ?? ''}
            onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {}, { replace: true })}
          >
            <option value="">All quotes</option>
            <QuoteStatusOptions />
          </select>
        </label>
      </div>
      {isPending && <p>Loading quotes...</p>}
      {error && (
        <div className="callout callout--error" role="alert">
          <p>Quotes could not be loaded: {error.message}</p>
        </div>
      )}
      {quotes && quotes.length === 0 && <p>No quotes{status ? ` marked “${QUOTE_STATUS_LABELS[status]}”` : ''}.</p>}
      {quotes && quotes.length > 0 && (
        <ul className="quote-cards">
          {quotes.map((quote) => (
            <QuoteCard
              key={`${quote.id}-${quote.updatedAt ?? ''}`}
              quote={quote}
              onActed={keep}
              keptNote={keptNote(quote)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
