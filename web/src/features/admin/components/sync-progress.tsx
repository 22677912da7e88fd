import type { SyncJob, SyncProgress as Progress, SyncResult } from '@shop/shared/schemas';
import '../admin-sync.css';

export function progressPercent(state: SyncJob['state'], progress: Progress): number {
  if (state === 'completed') return 100;
  if (progress.total === 0) return 0;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}

/** The run the sync screen shows: the job and its latest progress. */
export interface SyncRun {
  job: SyncJob;
  progress: Progress;
}

/**
 * A state event applied to the shown run. The stream's opening snapshot and the live events travel
 * different paths, so an older "active" can land after "completed": a completed job never runs
 * again, so it stays completed (a failed one may be retried, so it may become active again).
 */
export function withState(run: SyncRun | null, job: SyncJob): SyncRun {
  if (run && run.job.id === job.id && run.job.state === 'completed' && job.state !== 'completed') return run;
  // Likewise an older snapshot of a running job must not take its bar back (100% to 0%): while
  // it runs, the further of the two reports stands.
  const running = (state: SyncJob['state']) => state === 'waiting' || state === 'active';
  if (
    run &&
    run.job.id === job.id &&
    running(run.job.state) &&
    running(job.state) &&
    progressPercent(run.job.state, run.progress) > progressPercent(job.state, job.progress)
  )
    return { job: { ...job, state: 'active' }, progress: run.progress };
  return { job, progress: job.progress };
}

export function ResultCounts({ result }: { result: SyncResult }) {
  const counts: Array<[string, number]> = [
    ['Created', result.created],
    ['Updated', result.updated],
    ['Deleted', result.deleted],
    ['Failed', result.failed],
  ];
  return (
    <dl className="result-counts" data-testid="sync-result">
      {counts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The running job: a progress bar fed by its event stream, then its result. */
export function SyncProgress({ job, progress }: { job: SyncJob; progress: Progress }) {
  const percent = progressPercent(job.state, progress);
  const label =
    job.state === 'waiting'
      ? 'Waiting for a worker'
      : job.state === 'active'
        ? `${progress.phase}: ${progress.done} of ${progress.total}`
        : job.state === 'completed'
          ? 'finished'
          : 'failed';
  return (
    <div className="progress">
      <p className="progress__label">
        <span>
          {job.name === 'full' ? 'Full sync' : 'Incremental sync'} · {label}
        </span>
        <span data-testid="sync-percent">{percent}%</span>
      </p>
      <div className="progress__track">
        <div
          className="progress__bar"
          role="progressbar"
          aria-label="Sync progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          style={{ width: `${percent}%` }}
        />
      </div>
      {job.state === 'completed' && <ResultCounts result={job.result} />}
      {job.state === 'failed' && (
        <p className="config-check config-check--bad">The sync failed{job.error ? `: ${job.error}` : '.'}</p>
      )}
    </div>
  );
}
