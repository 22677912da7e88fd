import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

// A local exchange-rate source in Frankfurter's shape (docs/rules.md#local-prices), so the
// scheduled refresh runs without the internet: `GET /v1/latest?base=USD` answers
// `{amount, base, date, rates}` with the European Central Bank's kind of figures. Test controls
// under /__sandbox set the rates and take the source down (503) or make it answer nonsense.

/** Late-November 2026-like rates per US dollar; tests set their own through the controls. */
export const DEMO_RATES: Readonly<Record<string, number>> = {
  EUR: 0.9234,
  GBP: 0.7891,
  CAD: 1.3987,
  AUD: 1.5312,
  JPY: 151.24,
  CHF: 0.8821,
};

export type RatesSandboxMode = 'up' | 'down' | 'garbage';

export interface RatesSandbox {
  url: string;
  /** The address the store's CURRENCY_RATES_URL names. */
  feedUrl: string;
  setRates: (rates: Record<string, number>, date?: string) => void;
  setMode: (mode: RatesSandboxMode) => void;
  /** Reads of the feed so far. */
  reads: () => number;
  close: () => Promise<void>;
}

const controlSchema = z.object({
  rates: z.record(z.string().regex(/^[A-Z]{3}$/), z.number().positive()).optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  mode: z.enum(['up', 'down', 'garbage']).optional(),
});

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

export async function startRatesSandbox(options: { port?: number; host?: string } = {}): Promise<RatesSandbox> {
  let rates: Record<string, number> = { ...DEMO_RATES };
  let date: string | null = null;
  let mode: RatesSandboxMode = 'up';
  let reads = 0;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    if (req.method === 'GET' && url.pathname === '/v1/latest') {
      reads += 1;
      if (mode === 'down') return send(res, 503, { message: 'Service unavailable' });
      if (mode === 'garbage') return send(res, 200, { base: 'USD', rates: { EUR: 'soon' } });
      const base = (url.searchParams.get('base') ?? 'EUR').toUpperCase();
      if (base !== 'USD') return send(res, 422, { message: 'the sandbox quotes per US dollar only: base=USD' });
      const symbols = url.searchParams.get('symbols')?.toUpperCase().split(',');
      const picked = Object.fromEntries(Object.entries(rates).filter(([c]) => !symbols || symbols.includes(c)));
      return send(res, 200, {
        amount: 1,
        base: 'USD',
        date: date ?? new Date().toISOString().slice(0, 10),
        rates: picked,
      });
    }
    if (req.method === 'POST' && url.pathname === '/__sandbox/rates') {
      void readJson(req)
        .then((body) => {
          const control = controlSchema.parse(body);
          if (control.rates) rates = { ...control.rates };
          if (control.date) date = control.date;
          if (control.mode) mode = control.mode;
          send(res, 200, { rates, date, mode });
        })
        .catch((e: Error) => send(res, 400, { message: e.message }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/__sandbox/stats') return send(res, 200, { reads, mode });
    send(res, 404, { message: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    feedUrl: `${url}/v1/latest?base=USD`,
    setRates: (next, nextDate) => {
      rates = { ...next };
      if (nextDate) date = nextDate;
    },
    setMode: (next) => {
      mode = next;
    },
    reads: () => reads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
