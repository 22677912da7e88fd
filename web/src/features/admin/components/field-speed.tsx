import { useQuery } from '@tanstack/react-query';
import {
  WEB_VITAL_NAMES,
  webVitalsSummarySchema,
  type WebVitalName,
  type WebVitalsSummary,
} from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

// What shoppers' own browsers measured (GET /api/admin/web-vitals): the 75th percentile of the
// latest LCP, INP and CLS on each page, as Google's Core Web Vitals report reads them, with how
// many visits were good and how many poor. The figures are this API process's recent reports;
// the full history is in Prometheus (GET /metrics).

const LABELS: Record<WebVitalName, string> = {
  LCP: 'Largest paint',
  INP: 'Response to a tap',
  CLS: 'Layout shift',
};

const shown = (name: WebVitalName, p75: number) => (name === 'CLS' ? p75.toFixed(2) : `${Math.round(p75)} ms`);

type Row = WebVitalsSummary['pages'][number];

function byPage(rows: readonly Row[]): Map<string, Partial<Record<WebVitalName, Row>>> {
  const pages = new Map<string, Partial<Record<WebVitalName, Row>>>();
  for (const row of rows) pages.set(row.page, { ...pages.get(row.page), [row.name]: row });
  return pages;
}

export function FieldSpeed() {
  const vitals = useQuery({
    queryKey: ['admin', 'web-vitals'] as const,
    queryFn: ({ signal }) => api.get('/admin/web-vitals', { schema: webVitalsSummarySchema, signal }),
    staleTime: 0,
  });
  const pages = byPage(vitals.data?.pages ?? []);
  return (
    <section className="card" aria-labelledby="speed-title" style={{ marginTop: '1rem' }}>
      <h2 id="speed-title">Speed shoppers get</h2>
      <p>
        Measured by shoppers&apos; own browsers: the value 3 in 4 visits beat, with how many visits were good and how
        many poor by Google&apos;s thresholds (largest paint 2.5 s, response to a tap 200 ms, layout shift 0.1).
      </p>
      {vitals.isPending && <p>Loading the figures...</p>}
      {vitals.error && (
        <div className="callout callout--error" role="alert">
          <p>The figures could not be loaded: {vitals.error.message}</p>
        </div>
      )}
      {vitals.data && pages.size === 0 && <p data-testid="field-speed-empty">No visits measured yet.</p>}
      {pages.size > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="speed-title">
          <table className="report-table" data-testid="field-speed-table">
            <thead>
              <tr>
                <th scope="col">Page</th>
                {WEB_VITAL_NAMES.map((name) => (
                  <th key={name} scope="col" className="number-cell">
                    {LABELS[name]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...pages].map(([page, metrics]) => (
                <tr key={page}>
                  <th scope="row">
                    <code>{page}</code>
                  </th>
                  {WEB_VITAL_NAMES.map((name) => {
                    const row = metrics[name];
                    return (
                      <td key={name} className="number-cell">
                        {row ? (
                          <>
                            {shown(name, row.p75)}
                            <br />
                            <small>
                              {row.good} good, {row.poor} poor of {row.count}
                            </small>
                          </>
                        ) : (
                          '-'
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
