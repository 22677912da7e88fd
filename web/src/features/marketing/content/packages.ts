export interface Package {
  id: string;
  name: string;
  price: string;
  priceNote: string;
  bestFor: string;
  features: string[];
  timeline: string;
  featured?: boolean;
}

export const PACKAGES: Package[] = [
  {
    id: 'launch',
    name: 'Launch',
    price: '$4,900',
    priceNote: 'fixed price',
    bestFor: 'New businesses and side projects that need a credible site quickly.',
    features: [
      'Up to 6 pages, designed and written with you',
      'Responsive layout tested on real phones',
      'Editable content through a simple CMS',
      'Accessibility checks against WCAG 2.2 AA',
      'Basic SEO and privacy-friendly analytics',
      '30 days of fixes after launch',
    ],
    timeline: 'About 4 weeks',
  },
  {
    id: 'growth',
    name: 'Growth',
    price: '$12,500',
    priceNote: 'fixed price',
    bestFor: 'Established teams replacing a site that no longer reflects the business.',
    features: [
      'Up to 20 pages plus a blog with tags',
      'A small design system your team can reuse',
      'Integrations with your CRM and newsletter',
      'Performance budget enforced in the build',
      'Content migration from your current site',
      '90 days of fixes and two training sessions',
    ],
    timeline: 'About 8 weeks',
    featured: true,
  },
  {
    id: 'commerce',
    name: 'Commerce',
    price: '$24,000',
    priceNote: 'starting price',
    bestFor: 'Brands selling products online, from merch drops to full catalogues.',
    features: [
      'Everything in Growth',
      'Product catalogue with variants and search',
      'Hosted card checkout and order e-mails',
      'Print-on-demand or warehouse fulfilment',
      'Load test before launch day',
      '6 months of care plan included',
    ],
    timeline: 'About 12 weeks',
  },
];

export interface SeasonalOffer {
  id: string;
  season: string;
  /** Months (0 = January) in which the offer runs. */
  months: number[];
  title: string;
  price: string;
  summary: string;
  includes: string[];
}

export const SEASONAL_OFFERS: SeasonalOffer[] = [
  {
    id: 'spring',
    season: 'Spring',
    months: [2, 3, 4],
    title: 'Spring Refresh',
    price: '15% off any redesign',
    summary: 'New year, new positioning? Refresh the site before the summer campaigns start.',
    includes: ['Content audit of your current site', 'Updated visual design on your existing platform', 'Redirect plan so no search ranking is lost'],
  },
  {
    id: 'summer',
    season: 'Summer',
    months: [5, 6, 7],
    title: 'Summer Speed Sprint',
    price: '$2,400 fixed',
    summary: 'Two weeks, one goal: make your slowest important page fast on a real phone.',
    includes: ['Field-data audit of Core Web Vitals', 'Fixes to images, fonts and scripts', 'A bundle budget so it stays fast'],
  },
  {
    id: 'autumn',
    season: 'Autumn',
    months: [8, 9, 10],
    title: 'Peak-Ready Store Check',
    price: '$3,200 fixed',
    summary: 'Make sure your store survives the holiday rush before the holiday rush.',
    includes: ['Load test at five times last year’s peak', 'Checkout review for drop-off points', 'Runbook for the busiest days'],
  },
  {
    id: 'winter',
    season: 'Winter',
    months: [11, 0, 1],
    title: 'Winter Accessibility Audit',
    price: '$1,900 fixed',
    summary: 'Start the year knowing exactly where your site excludes people, and how to fix it.',
    includes: ['Manual audit with screen readers and keyboard', 'Prioritised issue list with code fixes', 'Draft accessibility statement'],
  },
];
