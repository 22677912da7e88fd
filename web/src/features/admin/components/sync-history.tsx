import type { SyncJob } from '@shop/shared/schemas';
import { TableHeading } from '../../../components/ui/table-heading';
import { useStudioTime } from '../../../lib/studio-time';

const STATE_LABEL: Record<SyncJob['state'], string> = {
  waiting: 'Waiting to start',
  active: 'Running',
  completed: 'Finished',
  failed: 'Failed',
};

/** Earlier runs, newest first, with the products (and pictures) that failed in each; the next scheduled runs with their time. */
export function SyncHistory({ jobs }: { jobs: SyncJob[] }) {
  // In the studio's zone, as every admin time (docs/admin.md#times), not the browser's.
  const time = useStudioTime();
  const when = (iso: string | undefined) => (iso ? time.dateTime(iso) : '—');
  if (jobs.length === 0) return <p>No sync has run yet.</p>;
  return (
    <table className="data-table history-table" data-testid="sync-history">
      <TableHeading
        caption="Sync history"
        columns={['Queued', 'Type', 'State', 'Created / updated / deleted', 'Failures']}
      />
      <tbody>
        {jobs.map((job) => (
          <tr key={job.id}>
            <td data-label="Queued">{when(job.queuedAt)}</td>
            <td data-label="Type">{job.name}</td>
            <td data-label="State">
              {job.scheduledFor ? `Scheduled for ${when(job.scheduledFor)}` : STATE_LABEL[job.state]}
              {job.error && <div className="field__error">{job.error}</div>}
            </td>
            <td data-label="Created / updated / deleted">
              {job.result.created} / {job.result.updated} / {job.result.deleted}
            </td>
            <td data-label="Failures">
              {job.failures && job.failures.length > 0 ? (
                <details>
                  <summary>{job.failures.length} failed</summary>
                  <ul>
                    {job.failures.map((f) => (
                      <li key={f.productId}>
                        Product {f.productId}: {f.reason}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : (
                job.result.failed
              )}
              {job.pictureFailures && job.pictureFailures.length > 0 && (
                // Those products are on sale with the placeholder (docs/performance.md#product-pictures).
                <details>
                  <summary>
                    {job.pictureFailures.length} {job.pictureFailures.length === 1 ? 'picture' : 'pictures'} not made
                  </summary>
                  <ul>
                    {job.pictureFailures.map((f) => (
                      <li key={`${f.productId} ${f.url}`}>
                        Product {f.productId}, <a href={f.url}>its picture</a>: {f.reason}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
