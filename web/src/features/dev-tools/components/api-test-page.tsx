import { useId, useState } from 'react';
import { z } from 'zod';
import { TEST_PAGE_PRODUCTS } from '@shop/shared';
import { api } from '../../../lib/api-client';
import { getPrintfulProducts } from '../../../lib/catalog/api/get-printful-products';
import { checkEndpoint, EndpointError } from '../check-endpoint';
import { CheckResult, runCheck, type CheckState } from './check-result';
import '../dev-tools.css';

// /api-test: the API's database readiness, the print-on-demand product fetch, and which local
// ports serve the store's API (GET /api/products, as the spec's test page asked them).

const readySchema = z.object({ status: z.string(), checks: z.record(z.string(), z.string()) });
const RETRY_CHOICES = [2, 3, 4, 5] as const;
const COMMON_PORTS = [3000, 3001, 4173, 5173, 8080];

function localPorts(): number[] {
  const own = Number(window.location.port || (window.location.protocol === 'https:' ? 443 : 80));
  return [...new Set([own, ...COMMON_PORTS])];
}

type PortState = { port: number; state: CheckState };

/** "2 products", or what the answer was when it is not the API's product list. */
function productCount(body: unknown): string {
  const products = (body as { products?: unknown } | null)?.products;
  return Array.isArray(products) ? `${products.length} products` : 'not a product list';
}

export function ApiTestPage() {
  const [database, setDatabase] = useState<CheckState>({ kind: 'idle' });
  const [printful, setPrintful] = useState<CheckState>({ kind: 'idle' });
  const [names, setNames] = useState<string[]>([]);
  const [retries, setRetries] = useState<number>(RETRY_CHOICES[0]);
  const [ports, setPorts] = useState<PortState[]>([]);
  const retriesId = useId();

  const checkDatabase = () =>
    runCheck(setDatabase, async () => {
      const started = performance.now();
      const body = await api.get('/health/ready', { schema: readySchema });
      const checks = Object.entries(body.checks)
        .map(([name, value]) => `${name}: ${value}`)
        .join(', ');
      return `${body.status} in ${Math.round(performance.now() - started)} ms (${checks})`;
    });

  const checkPrintful = () =>
    runCheck(setPrintful, async () => {
      const all = await getPrintfulProducts();
      const first = all.slice(0, TEST_PAGE_PRODUCTS);
      setNames(first.map((p) => p.name));
      return `${all.length} products synced; showing the first ${first.length}`;
    });

  const checkPorts = async () => {
    const list = localPorts();
    setPorts(list.map((port) => ({ port, state: { kind: 'running' } })));
    await Promise.all(
      list.map(async (port) => {
        const url = `${window.location.protocol}//${window.location.hostname}:${port}/api/products?limit=${TEST_PAGE_PRODUCTS}`;
        let state: CheckState;
        try {
          const result = await checkEndpoint(url, { retries });
          state = {
            kind: 'ok',
            text: `${url}: HTTP ${result.status}, ${productCount(result.body)} in ${result.ms} ms after ${result.attempts} attempt(s)`,
          };
        } catch (e) {
          const attempts = e instanceof EndpointError ? e.attempts : 1;
          state = { kind: 'failed', text: `${url}: ${(e as Error).message} (${attempts} attempt(s))` };
        }
        setPorts((current) => current.map((p) => (p.port === port ? { port, state } : p)));
      }),
    );
  };

  return (
    <div className="container page dev-page">
      <section className="card" aria-labelledby="db-title">
        <h2 id="db-title">Database</h2>
        <p>GET /api/health/ready: the document store and Redis behind the API.</p>
        <div className="dev-actions">
          <button type="button" className="button button--primary button--small" onClick={() => void checkDatabase()}>
            Check the database
          </button>
        </div>
        <CheckResult state={database} testId="database-result" />
      </section>
      <section className="card" aria-labelledby="printful-title">
        <h2 id="printful-title">Print-on-demand products</h2>
        <p>GET /api/printful/products, the first {TEST_PAGE_PRODUCTS}.</p>
        <div className="dev-actions">
          <button type="button" className="button button--primary button--small" onClick={() => void checkPrintful()}>
            Fetch products
          </button>
        </div>
        <CheckResult state={printful} testId="printful-result" />
        {names.length > 0 && (
          <ul>
            {names.map((name, i) => (
              <li key={i}>{name}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="ports-title">
        <h2 id="ports-title">Local servers</h2>
        <p>
          GET /api/products on local ports, {TEST_PAGE_PRODUCTS} products, 3 s per attempt, retried on 408, 429, 500,
          502, 503 and 504.
        </p>
        <div className="dev-actions">
          <div className="field">
            <label htmlFor={retriesId}>Retries</label>
            <select id={retriesId} value={retries} onChange={(e) => setRetries(Number(e.target.value))}>
              {RETRY_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="dev-actions">
          <button type="button" className="button button--primary button--small" onClick={() => void checkPorts()}>
            Check the ports
          </button>
        </div>
        <ul className="plain-list" aria-label="Ports">
          {ports.map((p) => (
            <li key={p.port}>
              <CheckResult state={p.state} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
