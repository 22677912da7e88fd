import { z } from 'zod';

// Field values of the Core Web Vitals (LCP, INP, CLS) that real browsers measure with the
// web-vitals library and report to POST /metrics/vitals. Bounded on every side: three names, the
// route table's own patterns as the page (never a raw address: ids must not become label values),
// values within what a browser can report, and a few metrics a request.

export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];
/** web-vitals' own verdict against Google's thresholds. */
export const WEB_VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
/** A page sends at most this many in one report (one of each, with room for a late change). */
export const WEB_VITALS_PER_REPORT = 6;
/** The route pattern of a page that is not in the route table (the not-found page). */
export const UNKNOWN_PAGE = '*';

export const webVitalSchema = z
  .object({
    name: z.enum(WEB_VITAL_NAMES),
    /** Milliseconds for LCP and INP, a unitless score for CLS. */
    value: z.number().finite().min(0),
    rating: z.enum(WEB_VITAL_RATINGS),
    /** A route pattern ('/store/product/:productId'); the API takes only those of its route table. */
    page: z
      .string()
      .max(100)
      .regex(/^(\*|\/[A-Za-z0-9/:_-]*)$/, 'Expected a route pattern of the site'),
  })
  .refine((m) => m.value <= (m.name === 'CLS' ? 100 : 600_000), { message: 'Value out of range', path: ['value'] });
export type WebVital = z.infer<typeof webVitalSchema>;

export const webVitalsReportSchema = z.object({ metrics: z.array(webVitalSchema).min(1).max(WEB_VITALS_PER_REPORT) });
export type WebVitalsReport = z.infer<typeof webVitalsReportSchema>;

/** GET /api/admin/web-vitals: the 75th percentile of each page's recent field values. */
export const webVitalsSummarySchema = z.object({
  pages: z.array(
    z.object({
      page: z.string(),
      name: z.enum(WEB_VITAL_NAMES),
      count: z.number().int(),
      p75: z.number(),
      good: z.number().int(),
      poor: z.number().int(),
    }),
  ),
});
export type WebVitalsSummary = z.infer<typeof webVitalsSummarySchema>;
