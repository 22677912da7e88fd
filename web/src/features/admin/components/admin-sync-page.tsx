import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import {
  SYNC_DAYS_MAX,
  TERMINAL_SYNC_STATES,
  type ProductSyncRequest,
  type SyncConfigCheck,
} from '@shop/shared/schemas';
import { idToken } from '../../../lib/auth/auth-actions';
import {
  catalogMarginsQuery,
  followSyncJob,
  openDashboardSession,
  requestSync,
  syncJobsQuery,
  useSyncJobs,
} from '../api/admin-api';
import { MarginGuard } from './margin-guard';
import { SyncHistory } from './sync-history';
import { SyncProgress, withState, type SyncRun } from './sync-progress';
import '../admin.css';
import '../admin-sync.css';

type Mode = 'incremental' | 'full';
type Run = SyncRun;

const MODES: ReadonlyArray<{ value: Mode; label: string }> = [
  { value: 'incremental', label: 'Incremental: only new and changed products' },
  { value: 'full', label: 'Full: every product, with prices' },
];

const EMPTY_RESULT = { created: 0, updated: 0, deleted: 0, failed: 0 };

function queuedJob(id: string, name: Mode): Run {
  const progress = { phase: 'queued', done: 0, total: 0 };
  return { job: { id, name, state: 'waiting', progress, result: EMPTY_RESULT }, progress };
}

/** Validates the form into the sync request; a string is the problem to show. */
function toRequest(mode: Mode, includeArchived: boolean, days: string): ProductSyncRequest | string {
  const request: ProductSyncRequest = { fullSync: mode === 'full', includeArchived };
  if (days.trim() === '') return request;
  const n = Number(days);
  if (!Number.isInteger(n) || n < 1 || n > SYNC_DAYS_MAX)
    return `Days must be a whole number from 1 to ${SYNC_DAYS_MAX}.`;
  return { ...request, days: n };
}

/** /admin/sync: queue a sync, watch it live, read the history, check the provider settings. */
/** When the queue dashboard was last opened from its typed address (this tab). */
const OPENED_AT_KEY = 'queue-dashboard-opened-at';
const QUEUE_DASHBOARD = '/admin/queues';

export function AdminSyncPage({ check }: { check: SyncConfigCheck }) {
  const queryClient = useQueryClient();
  const history = useSyncJobs();
  const [mode, setMode] = useState<Mode>('incremental');
  const [includeArchived, setIncludeArchived] = useState(false);
  const [days, setDays] = useState('');
  const [run, setRun] = useState<Run | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const following = useRef<AbortController | null>(null);
  const daysId = useId();
  const groupName = useId();

  useEffect(() => () => following.current?.abort(), []);

  const follow = async (jobId: string) => {
    following.current?.abort();
    const controller = new AbortController();
    following.current = controller;
    const token = await idToken();
    if (!token) throw new Error('Your session has ended: sign in again to follow the sync.');
    await followSyncJob(
      jobId,
      token,
      {
        onState: (job) => setRun((r) => withState(r, job)),
        // A progress report that arrives after the final state (the two travel different paths
        // to this stream) must not send a finished bar back to "active" and 0%.
        onProgress: (progress) =>
          setRun((r) =>
            r && !TERMINAL_SYNC_STATES.has(r.job.state) ? { job: { ...r.job, state: 'active' }, progress } : r,
          ),
      },
      controller.signal,
    );
    await queryClient.invalidateQueries({ queryKey: syncJobsQuery().queryKey });
    await queryClient.invalidateQueries({ queryKey: catalogMarginsQuery().queryKey });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const request = toRequest(mode, includeArchived, days);
    if (typeof request === 'string') return setError(request);
    setError(null);
    setSubmitting(true);
    try {
      const { jobId } = await requestSync(request);
      setRun(queuedJob(jobId, mode));
      setSubmitting(false);
      await follow(jobId);
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setError((err as Error).message);
    } finally {
      setSubmitting(false);
    }
  };

  const openDashboard = async () => {
    try {
      await openDashboardSession();
      window.location.assign(QUEUE_DASHBOARD);
    } catch (err) {
      setError(`The queue dashboard could not be opened: ${(err as Error).message}`);
    }
  };

  // Sent here by the dashboard's own address typed without a session (?open=queues): open it at
  // once, at most once a minute, so a session the dashboard refuses cannot send the page round.
  const [params, setParams] = useSearchParams();
  const openAsked = params.get('open') === 'queues';
  useEffect(() => {
    if (!openAsked) return;
    setParams({}, { replace: true });
    const last = Number(sessionStorage.getItem(OPENED_AT_KEY) ?? 0);
    if (Date.now() - last < 60_000) return;
    sessionStorage.setItem(OPENED_AT_KEY, String(Date.now()));
    openDashboardSession().then(
      () => window.location.assign(QUEUE_DASHBOARD),
      (err: Error) => setError(`The queue dashboard could not be opened: ${err.message}`),
    );
  }, [openAsked, setParams]);

  const running = run !== null && (run.job.state === 'waiting' || run.job.state === 'active');

  return (
    <div className="container admin-section page-layout page-columns admin-page">
      <section className="card" aria-labelledby="sync-form-title">
        <h2 id="sync-form-title">Sync products from Printful</h2>
        {/* Above the form, so a running sync's progress shows without scrolling. */}
        <div role="status" aria-live="polite">
          {error && <p className="form-message form-message--error">{error}</p>}
          {run && <SyncProgress job={run.job} progress={run.progress} />}
        </div>
        <form className="sync-form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <fieldset>
            <legend>Kind of sync</legend>
            {MODES.map((choice) => (
              <label key={choice.value} className="choice">
                <input
                  type="radio"
                  name={groupName}
                  value={choice.value}
                  checked={mode === choice.value}
                  onChange={() => setMode(choice.value)}
                />
                {choice.label}
              </label>
            ))}
          </fieldset>
          <label className="choice">
            <input type="checkbox" checked={includeArchived} onChange={(e) => setIncludeArchived(e.target.checked)} />
            Include archived products
          </label>
          <div className="field days-field">
            <label htmlFor={daysId}>
              Days <span className="field__optional">(optional)</span>
            </label>
            <input
              id={daysId}
              type="number"
              inputMode="numeric"
              min={1}
              max={SYNC_DAYS_MAX}
              value={days}
              onChange={(e) => setDays(e.target.value)}
              aria-describedby={`${daysId}-hint`}
            />
            <p id={`${daysId}-hint`} className="field__hint">
              Only products changed in this many days.
            </p>
          </div>
          <div>
            <button type="submit" className="button button--primary" disabled={submitting || running}>
              {submitting ? 'Queueing...' : running ? 'Sync running...' : 'Start sync'}
            </button>
          </div>
        </form>
      </section>
      <section className="card" aria-labelledby="config-title">
        <h2 id="config-title">Provider settings</h2>
        <p className={`config-check config-check--${check.success ? 'ok' : 'bad'}`} data-testid="config-check">
          {check.success ? '✓ ' : '✗ '}
          {check.message}
        </p>
        <h3>Queues</h3>
        <p>The queue dashboard shows every background job: syncs, orders and e-mails.</p>
        <a
          href="/admin/queues"
          className="button button--ghost"
          onClick={(e) => {
            e.preventDefault();
            void openDashboard();
          }}
        >
          Open the queue dashboard
        </a>
      </section>
      <section className="card admin-page__wide" aria-labelledby="margins-title">
        <h2 id="margins-title">Not sold: below cost</h2>
        <MarginGuard />
      </section>
      <section className="card admin-page__wide" aria-labelledby="history-title">
        <h2 id="history-title">History</h2>
        {history.isPending ? (
          <p>Loading the history...</p>
        ) : history.isError ? (
          <p role="alert">The history could not be loaded: {history.error.message}</p>
        ) : (
          <SyncHistory jobs={history.data} />
        )}
      </section>
    </div>
  );
}
