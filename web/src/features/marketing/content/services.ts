import type { IconName } from '../components/icon';

export interface Service {
  id: string;
  icon: IconName;
  title: string;
  summary: string;
  includes: string[];
  timeline: string;
  fromPrice: string;
}

export const SERVICES: Service[] = [
  {
    id: 'websites',
    icon: 'layout',
    title: 'Marketing websites',
    summary: 'Sites that explain what you do in the first screen, rank for what you sell and are easy for your team to edit.',
    includes: [
      'Content strategy and copy editing for every page',
      'Responsive design from 320 px phones to wide desktops',
      'A headless CMS your team can update without a developer',
      'Technical SEO: structured data, sitemaps, redirects from the old site',
    ],
    timeline: '4 to 8 weeks',
    fromPrice: '$4,900',
  },
  {
    id: 'web-apps',
    icon: 'app',
    title: 'Web applications',
    summary: 'Customer portals, booking systems and internal tools built with React and TypeScript on a well-tested API.',
    includes: [
      'Discovery and a clickable prototype tested with real users',
      'React front end, Node.js API and a database chosen for the job',
      'Sign-in, roles and audit trails where the data needs them',
      'Automated tests and continuous delivery from the first sprint',
    ],
    timeline: '8 to 20 weeks',
    fromPrice: '$18,000',
  },
  {
    id: 'e-commerce',
    icon: 'cart',
    title: 'Online stores',
    summary: 'Stores with hosted checkout, print-on-demand or your own stock, and order e-mails that customers actually read.',
    includes: [
      'Product catalogue with variants, search and filters',
      'Hosted card checkout, so card data never touches your servers',
      'Print-on-demand fulfilment or integration with your warehouse',
      'Guest checkout and carts that survive signing in',
    ],
    timeline: '8 to 12 weeks',
    fromPrice: '$24,000',
  },
  {
    id: 'performance',
    icon: 'gauge',
    title: 'Performance',
    summary: 'Faster pages on real phones, measured with field data and protected with budgets so they stay fast.',
    includes: [
      'Core Web Vitals audit from real-user data',
      'Image, font and JavaScript fixes, prioritised by impact',
      'Bundle budgets in your build so regressions fail in CI',
      'Before-and-after report in plain language',
    ],
    timeline: '2 to 4 weeks',
    fromPrice: '$2,400',
  },
  {
    id: 'accessibility',
    icon: 'access',
    title: 'Accessibility',
    summary: 'WCAG 2.2 AA audits and fixes, tested with keyboards and screen readers, not only with automated checkers.',
    includes: [
      'Manual audit with NVDA, VoiceOver and keyboard only',
      'Issue list ranked by severity with code-level fixes',
      'Fixes delivered by us or pair-programmed with your team',
      'Accessibility statement ready to publish',
    ],
    timeline: '2 to 6 weeks',
    fromPrice: '$1,900',
  },
  {
    id: 'care',
    icon: 'shield',
    title: 'Care and maintenance',
    summary: 'Security updates, uptime monitoring and a few hours each month for the small improvements that add up.',
    includes: [
      'Dependency and security updates every month',
      'Uptime and error monitoring with alerts to us, not you',
      'Monthly hours for changes, rolled over for one month',
      'A named developer who knows your project',
    ],
    timeline: 'Monthly, cancel with 30 days notice',
    fromPrice: '$650 / month',
  },
];
