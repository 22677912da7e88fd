export interface CaseStudy {
  id: string;
  client: string;
  sector: string;
  title: string;
  challenge: string;
  work: string;
  results: Array<{ value: string; label: string }>;
  /** Two colours for the card's illustration. */
  palette: [string, string];
}

export const CASE_STUDIES: CaseStudy[] = [
  {
    id: 'harbour-coffee',
    client: 'Harbour & Co. Coffee Roasters',
    sector: 'E-commerce',
    title: 'A subscription coffee store that converts on phones',
    challenge:
      'Four in five visitors arrived from social media on a phone, and the old store took nine seconds to show a product. Subscriptions were managed by e-mail.',
    work:
      'We rebuilt the store with a hosted checkout, a three-step subscription builder and self-service pauses and skips. Product photos are served in modern formats at the size each screen needs.',
    results: [
      { value: '+38%', label: 'mobile conversion in the first quarter' },
      { value: '1.6 s', label: 'largest contentful paint on a mid-range phone' },
      { value: '-70%', label: 'subscription e-mails to the support inbox' },
    ],
    palette: ['#6b3e26', '#e8c39e'],
  },
  {
    id: 'northfield-energy',
    client: 'Northfield Community Energy',
    sector: 'Web application',
    title: 'A member portal for a solar co-operative',
    challenge:
      'Two thousand members tracked their shares, dividends and panel output in spreadsheets sent by post. The board wanted a portal older members could use without help.',
    work:
      'We ran usability sessions with twelve members aged 34 to 81, then built a portal with large type, plain language and a printable annual statement. It reads live generation data from the inverters.',
    results: [
      { value: '84%', label: 'of members signed in within two months' },
      { value: '$11k', label: 'saved each year on printing and postage' },
      { value: 'AA', label: 'WCAG 2.2 conformance, independently audited' },
    ],
    palette: ['#1f5c4a', '#f2d35b'],
  },
  {
    id: 'albion-theatre',
    client: 'The Albion Theatre',
    sector: 'Redesign',
    title: 'Selling out a 400-seat theatre without a queue',
    challenge:
      'On-sale days crashed the old booking site and sent hundreds of angry calls to the box office. Programme pages were hard to update.',
    work:
      'We moved the programme to a CMS, put a virtual waiting room in front of seat selection and load-tested the booking flow at ten times the busiest day on record.',
    results: [
      { value: '0', label: 'outages on the last six on-sale days' },
      { value: '3x', label: 'tickets sold in the first hour of an on-sale' },
      { value: '15 min', label: 'for staff to publish a new production' },
    ],
    palette: ['#5b1d3a', '#f0a6a0'],
  },
  {
    id: 'meridian-physio',
    client: 'Meridian Physiotherapy',
    sector: 'Accessibility',
    title: 'Booking that works with a screen reader',
    challenge:
      'A patient who is blind could not book an appointment online and complained to the clinic. An audit found 64 barriers across the site.',
    work:
      'We fixed the booking widget, rebuilt the date picker as an accessible grid, rewrote error messages and trained the clinic team to publish accessible content.',
    results: [
      { value: '64 → 0', label: 'WCAG failures in the follow-up audit' },
      { value: '+22%', label: 'online bookings from all patients' },
      { value: '2 days', label: 'of training for the in-house team' },
    ],
    palette: ['#1d3f6e', '#9fd3e6'],
  },
];

export interface Template {
  id: string;
  name: string;
  summary: string;
  features: string[];
  price: string;
  palette: [string, string];
}

export const TEMPLATES: Template[] = [
  {
    id: 'launchpad',
    name: 'Launchpad',
    summary: 'A marketing site starter for service businesses: home, services, case studies, blog and a quote form.',
    features: ['React and Vite, fully typed', 'Markdown blog with tags', 'Accessible forms with validation', 'Lighthouse 100 on a fresh install'],
    price: '$290, or free with any Launch package',
    palette: ['#23395b', '#f4a259'],
  },
  {
    id: 'shopfront',
    name: 'Shopfront',
    summary: 'A print-on-demand merch store with guest carts, hosted checkout and automatic product sync.',
    features: ['Hosted card checkout', 'Product sync job with rate limiting', 'Guest and signed-in carts', 'Order confirmation e-mails'],
    price: '$690, or free with a Commerce package',
    palette: ['#3d2c2e', '#e08a4f'],
  },
  {
    id: 'ledger',
    name: 'Ledger',
    summary: 'A dashboard starter for internal tools: sign-in, roles, tables with filters and an audit log.',
    features: ['Role-based access', 'Server-side pagination and search', 'CSV export', 'Dark and light themes'],
    price: '$490 per project',
    palette: ['#1e3d36', '#b5e48c'],
  },
];
