import { Histogram, type Registry } from 'prom-client';
import type { WebVital, WebVitalName, WebVitalsSummary } from '@shop/shared/schemas';

// The field values real browsers report (LCP, INP, CLS): a Prometheus histogram per metric by
// page pattern and rating, scraped with the rest at GET /metrics, and the latest values of each
// page kept in memory (a fixed number each) for the admin's summary of this process. Labels come
// from the validated report only (three names, the route table's patterns, three ratings), so
// the series stay bounded whatever browsers send.

/** Values kept per page and metric for the admin's 75th percentile. */
export const RECENT_PER_SERIES = 500;

const BUCKETS: Record<WebVitalName, number[]> = {
  // Seconds, around Google's thresholds (LCP 2.5 / 4 s, INP 0.2 / 0.5 s).
  LCP: [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10],
  INP: [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1, 2],
  // A score, around 0.1 / 0.25.
  CLS: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
};

interface Series {
  values: number[];
  ratings: WebVital['rating'][];
  next: number;
}

export class WebVitals {
  private readonly histograms: Record<WebVitalName, Histogram<'page' | 'rating'>>;
  private readonly recent = new Map<string, Series>();

  constructor(registry: Registry) {
    const histogram = (name: WebVitalName, metric: string, help: string) =>
      new Histogram({
        name: metric,
        help,
        labelNames: ['page', 'rating'] as const,
        buckets: BUCKETS[name],
        registers: [registry],
      });
    this.histograms = {
      LCP: histogram('LCP', 'web_vitals_lcp_seconds', 'Largest Contentful Paint reported by browsers, by page pattern'),
      INP: histogram(
        'INP',
        'web_vitals_inp_seconds',
        'Interaction to Next Paint reported by browsers, by page pattern',
      ),
      CLS: histogram('CLS', 'web_vitals_cls', 'Cumulative Layout Shift reported by browsers, by page pattern'),
    };
  }

  record(metric: WebVital): void {
    const value = metric.name === 'CLS' ? metric.value : metric.value / 1000;
    this.histograms[metric.name].observe({ page: metric.page, rating: metric.rating }, value);
    const key = `${metric.page}\n${metric.name}`;
    let series = this.recent.get(key);
    if (!series) {
      series = { values: [], ratings: [], next: 0 };
      this.recent.set(key, series);
    }
    series.values[series.next] = metric.value;
    series.ratings[series.next] = metric.rating;
    series.next = (series.next + 1) % RECENT_PER_SERIES;
  }

  /** The 75th percentile (as Google's Core Web Vitals assess a page) of each page's recent values. */
  summary(): WebVitalsSummary {
    const pages = [...this.recent.entries()].map(([key, series]) => {
      const [page, name] = key.split('\n') as [string, WebVitalName];
      const sorted = [...series.values].sort((a, b) => a - b);
      const p75 = sorted[Math.ceil(sorted.length * 0.75) - 1] ?? 0;
      return {
        page,
        name,
        count: sorted.length,
        p75: name === 'CLS' ? Math.round(p75 * 1000) / 1000 : Math.round(p75),
        good: series.ratings.filter((r) => r === 'good').length,
        poor: series.ratings.filter((r) => r === 'poor').length,
      };
    });
    pages.sort((a, b) => a.page.localeCompare(b.page) || a.name.localeCompare(b.name));
    return { pages };
  }
}
