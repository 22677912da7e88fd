import type { Queue } from 'bullmq';
import { JOBS } from '@shop/shared/server/queues';
import type { Config } from '@shop/shared/server/config';
import { RatesFeedError, checkCurrencyMargins, refreshRates } from '@shop/shared/server/currency';
import { absoluteUrl } from '@shop/shared/pages';
import type { JobContext } from '../../job-module.js';
import { createMailer } from '../notifications/mail-transport.js';
import { currencyMarginEmail } from './currency-margin-email.js';

// The exchange-rate refresh (docs/rules.md#local-prices): on CURRENCY_RATES_SCHEDULE and once
// when a worker starts (so a new store has rates before the first hour), read the source and store
// its rates. When the source cannot be read the job ends without writing: the last good rates
// stay, and they stop sales only once older than CURRENCY_RATE_MAX_AGE_HOURS. Not retried: the
// next scheduled run is the retry. After each refresh the margin guard checks every currency: a
// variant whose price there no longer keeps the margin goes off sale in it, and the studio hears
// of each one once (docs/rules.md#local-prices).

export async function scheduleRateRefresh(queue: Queue, config: Config): Promise<void> {
  const opts = { removeOnComplete: 30, removeOnFail: 30 };
  await queue.upsertJobScheduler(
    JOBS.maintenance.refreshRates,
    { pattern: config.CURRENCY_RATES_SCHEDULE, tz: 'UTC' },
    { name: JOBS.maintenance.refreshRates, data: {}, opts },
  );
  // Several workers starting together read the source once a minute at most.
  const minute = Math.floor(Date.now() / 60_000);
  await queue.add(
    JOBS.maintenance.refreshRates,
    {},
    { ...opts, jobId: `${JOBS.maintenance.refreshRates}-start-${minute}` },
  );
}

export async function runRateRefresh(ctx: Pick<JobContext, 'config' | 'store' | 'logger'>, now = new Date()) {
  try {
    const result = await refreshRates(ctx.store, {
      url: ctx.config.CURRENCY_RATES_URL,
      currencies: ctx.config.STORE_CURRENCIES,
      now,
    });
    if (result.missing.length > 0)
      ctx.logger.warn(
        { missing: result.missing },
        'the rates source names no rate for these currencies; their last rate stays',
      );
    ctx.logger.info(result, 'exchange rates refreshed');
    const offSale = await checkCurrencyMargins(ctx.store, ctx.config, now);
    if (offSale.length > 0) {
      ctx.logger.warn({ variants: offSale.length }, 'variants off sale in a currency after a rate move');
      const email = currencyMarginEmail(offSale, absoluteUrl(ctx.config.PUBLIC_URL, '/admin'));
      await createMailer(ctx.config).send(
        { to: ctx.config.STUDIO_EMAIL, ...email },
        `currency-margins-${now.toISOString().replace(/[^0-9]/g, '')}`,
      );
    }
    return { ok: true as const, ...result, offSale: offSale.length };
  } catch (e) {
    if (!(e instanceof RatesFeedError)) throw e;
    ctx.logger.warn({ err: e.message }, 'exchange rates not refreshed; the last good rates stay');
    return { ok: false as const, error: e.message };
  }
}
