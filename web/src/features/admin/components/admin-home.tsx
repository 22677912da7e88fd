import { Link } from 'react-router-dom';
import { ORDER_ATTENTION_LABELS, ORDER_ATTENTION_KINDS } from '@shop/shared/domain/order';
import type { AdminHome, SalesFigures } from '@shop/shared/schemas';
import { formatPrice } from '../../../lib/catalog/format-price';
import { useAdminHome } from '../api/home-api';
import { useStudioTime } from '../../../lib/studio-time';
import { CurrencyRates } from './currency-rates';
import { paidBeside } from './sales-by-currency';

// /admin: what the studio looks at first. Each figure is a link to the list it counts: the sales
// to the report, each kind of waiting order to the orders filtered to it, new quotes to the inbox,
// the sync's health to the sync page.

const usd = (n: number) => formatPrice(n, 'USD');

function Sales({ title, figures, to, testId }: { title: string; figures: SalesFigures; to: string; testId: string }) {
  // docs/rules.md#local-prices: dollars, with what was paid in other currencies beside them.
  const beside = paidBeside(figures.byCurrency);
  return (
    <Link to={to} className="card admin-tile" data-testid={testId}>
      <span className="admin-tile__title">{title}</span>
      <span className="admin-tile__figure">{usd(figures.revenue)}</span>
      {beside && (
        <span className="admin-tile__detail" data-testid={`${testId}-currencies`}>
          {beside}
        </span>
      )}
      <span className="admin-tile__detail">
        {figures.orders} {figures.orders === 1 ? 'order' : 'orders'}
        {figures.refunded > 0 ? ` (${figures.refunded} more refunded in full)` : ''} · {usd(figures.net)} net, after
        refunds
      </span>
    </Link>
  );
}

const SYNC_WORDS: Record<string, string> = {
  completed: 'Last sync finished',
  failed: 'Last sync failed',
  active: 'A sync is running',
  waiting: 'A sync is waiting to start',
};

function SyncTile({ home }: { home: AdminHome }) {
  const time = useStudioTime();
  const { sync } = home;
  const trouble = sync.state === 'failed' || sync.problem !== null || home.belowCost > 0;
  return (
    <Link
      to="/admin/sync"
      className={`card admin-tile admin-tile--wide${trouble ? ' admin-tile--alert' : ''}`}
      data-testid="home-sync"
    >
      <span className="admin-tile__title">Product sync</span>
      <span className="admin-tile__detail admin-tile__detail--strong">
        {sync.state ? (SYNC_WORDS[sync.state] ?? sync.state) : 'No sync has run yet'}
        {sync.at ? ` · ${time.dateTime(sync.at)}` : ''}
      </span>
      {sync.problem && <span className="admin-tile__detail">{sync.problem}</span>}
      <span className="admin-tile__detail">
        {home.belowCost === 0
          ? 'Every variant is priced above its cost.'
          : `${home.belowCost} ${home.belowCost === 1 ? 'variant is' : 'variants are'} off sale: priced below cost.`}
      </span>
    </Link>
  );
}

export function AdminHomePage() {
  const home = useAdminHome();
  const time = useStudioTime();
  if (home.isPending) return <p className="container admin-section">Loading today’s figures…</p>;
  if (home.isError)
    return (
      <div className="container admin-section">
        <div className="callout callout--error" role="alert">
          <p>The figures could not be read: {home.error.message}</p>
          <button type="button" className="button button--ghost button--small" onClick={() => void home.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  const h = home.data;
  const waiting = ORDER_ATTENTION_KINDS.reduce((n, kind) => n + h.waiting[kind], 0);
  const monthName = new Date(`${h.month}-15T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <div className="container admin-section admin-home">
      <p className="admin-home__when">
        {time.date(new Date().toISOString())}, studio time ({h.timeZone.replace(/_/g, ' ')})
      </p>
      <section aria-labelledby="home-sales" className="admin-home__group">
        <h2 id="home-sales">Sales</h2>
        <div className="admin-tiles">
          <Sales title="Today" figures={h.today} to="/admin/reports" testId="home-today" />
          <Sales title={monthName} figures={h.thisMonth} to="/admin/reports" testId="home-month" />
        </div>
        <p className="admin-home__note">Net is what is left after refunds, tax, Printful and Stripe’s fees.</p>
      </section>
      <section aria-labelledby="home-waiting" className="admin-home__group">
        <h2 id="home-waiting">
          Waiting on the studio <span className="admin-home__count">{waiting}</span>
        </h2>
        <div className="admin-tiles">
          {ORDER_ATTENTION_KINDS.map((kind) => (
            <Link
              key={kind}
              to={`/admin/orders?attention=${kind}`}
              className={`card admin-tile${h.waiting[kind] > 0 ? ' admin-tile--alert' : ''}`}
              data-testid={`home-waiting-${kind}`}
            >
              <span className="admin-tile__title">{ORDER_ATTENTION_LABELS[kind]}</span>
              <span className="admin-tile__figure">{h.waiting[kind]}</span>
              <span className="admin-tile__detail">{h.waiting[kind] === 1 ? 'order' : 'orders'}</span>
            </Link>
          ))}
          <Link
            to="/admin/quotes?status=new"
            className={`card admin-tile${h.newQuotes > 0 ? ' admin-tile--alert' : ''}`}
            data-testid="home-quotes"
          >
            <span className="admin-tile__title">New quotes</span>
            <span className="admin-tile__figure">{h.newQuotes}</span>
            <span className="admin-tile__detail">not answered yet</span>
          </Link>
        </div>
      </section>
      <section aria-labelledby="home-health" className="admin-home__group">
        <h2 id="home-health">Sync and alerts</h2>
        <div className="admin-tiles">
          <SyncTile home={h} />
        </div>
      </section>
      <section aria-labelledby="home-currencies" className="admin-home__group">
        <h2 id="home-currencies">Currencies</h2>
        <CurrencyRates />
      </section>
    </div>
  );
}
