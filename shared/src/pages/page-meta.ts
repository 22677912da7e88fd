import { MESSAGES } from '../errors/index.js';
import { SITE } from './site.js';

// Each page's title and description (docs/rules.md#screens-and-routes): the SPA sets them as the
// document's head after a navigation, the server writes them into the HTML it answers. The route
// table (page-routes.ts) names which page each route shows.

export interface PageMeta {
  /** The page's own title; the home page has none and gets the studio's full title. */
  title?: string;
  description: string;
  /** The path search engines should index instead, for a page shown at several addresses. */
  canonical?: string;
  /** A shopper's own page, an admin or developer page: asks search engines not to index it. */
  noindex?: true;
}

const META = {
  home: {
    description:
      'Copperleaf Studio designs and builds fast, accessible websites, web applications and online stores for ambitious small and mid-sized organisations.',
  },
  about: {
    title: 'About us',
    description: `${SITE.name} is a five-person web design and development studio in Portland, Oregon, building fast and accessible sites since ${SITE.founded}.`,
  },
  team: {
    title: 'Team',
    description:
      'Meet the five designers and engineers of Copperleaf Studio: who they are, what they do and what they care about.',
  },
  privacy: {
    title: 'Privacy policy',
    description: `How ${SITE.name} collects, uses and protects personal data: cookies, analytics consent, quote requests and store orders paid through Stripe and fulfilled by Printful.`,
  },
  clients: {
    canonical: '/clients',
    title: 'Clients and templates',
    description:
      'Case studies from Copperleaf Studio clients, with measured results, and our starter templates for websites, stores and dashboards.',
  },
  hire: {
    title: 'Hire us',
    description:
      'Three ways to work with Copperleaf Studio: fixed-scope projects, monthly retainers and team extension, with prices.',
  },
  packages: {
    title: 'Packages and prices',
    description:
      'Three fixed-price website packages from Copperleaf Studio: Launch at $4,900, Growth at $12,500 and Commerce from $24,000.',
  },
  seasons: {
    title: 'Seasonal offers',
    description:
      'Limited-time offers from Copperleaf Studio, one for each season: redesigns, speed sprints, store checks and accessibility audits.',
  },
  services: {
    title: 'Services',
    description:
      'What Copperleaf Studio does: marketing websites, web applications, online stores, performance, accessibility and care plans.',
  },
  quote: {
    title: 'Request a quote',
    description:
      'Tell Copperleaf Studio about your website, store or web application. We reply within two working days.',
  },
  blog: {
    title: 'Blog',
    description:
      'Notes from Copperleaf Studio on web performance, accessibility, e-commerce and running projects well.',
  },
  blogPost: { title: 'Blog', description: 'A post from the Copperleaf Studio blog.' },
  blogFollow: {
    title: 'Follow the blog',
    description:
      "Get each new post from the Copperleaf Studio blog in your feed reader: the feed's address, how to add it, and the latest posts.",
  },
  blogPostMissing: {
    noindex: true,
    title: 'Post not found',
    description: 'There is no blog post at this address. It may have been renamed.',
  },
  products: {
    // The same products as the store, which the server renders in full.
    canonical: '/store',
    title: 'Products',
    description: 'Every shirt, mug and cap in the Copperleaf merch store, printed to order.',
  },
  store: { title: 'Store', description: 'Shirts, mugs and caps designed in the studio and printed on demand.' },
  storefront: { canonical: '/store', title: 'Storefront', description: 'The Copperleaf merch catalogue at a glance.' },
  storeOld: {
    canonical: '/store',
    title: 'Classic store',
    description: 'The earlier version of the Copperleaf merch store.',
  },
  product: { title: 'Product details', description: 'Sizes, colours and details of one product.' },
  cart: { noindex: true, title: 'Your cart', description: 'The items you have chosen, ready for checkout.' },
  checkout: { noindex: true, title: 'Checkout', description: 'Review your order and pay securely.' },
  confirmation: { noindex: true, title: 'Order confirmation', description: 'The status of your order.' },
  orderSuccess: { noindex: true, title: 'Order successful', description: 'Thank you for your order.' },
  orderStatus: {
    noindex: true,
    title: 'Find your order',
    description: 'Look up an order with its number and the e-mail address it was paid with.',
  },
  printful: {
    canonical: '/store/printful',
    title: 'Print-on-demand products',
    description: 'Products supplied directly by our print partner.',
  },
  printfulProduct: {
    title: 'Print-on-demand product',
    description: 'A product supplied directly by our print partner.',
  },
  adminHome: {
    noindex: true,
    title: 'Admin',
    description: 'Today’s sales, orders waiting on the studio, new quotes and sync health.',
  },
  adminCustomers: { noindex: true, title: 'Customers', description: 'Who bought what, how often and how much.' },
  adminCustomer: { noindex: true, title: 'Customer', description: 'One customer’s orders, spending and quotes.' },
  adminQuote: { noindex: true, title: 'Quote', description: 'One project request and the studio’s replies.' },
  adminSync: {
    noindex: true,
    title: 'Product sync',
    description: 'Synchronise the store catalogue with the print partner.',
  },
  adminOrders: { noindex: true, title: 'Orders', description: 'Every store order, its providers and its history.' },
  adminOrder: { noindex: true, title: 'Order', description: 'One store order in full, with refund and resend.' },
  adminQuotes: { noindex: true, title: 'Quotes', description: 'The project requests from the quote form.' },
  adminReports: {
    noindex: true,
    title: 'Sales report',
    description: 'Revenue, costs and what is left, month by month.',
  },
  adminDiscounts: {
    noindex: true,
    title: 'Discount codes',
    description: 'Make, list and switch off the store’s discount codes.',
  },
  login: { noindex: true, title: 'Sign in', description: 'Sign in to keep your cart on every device.' },
  account: { noindex: true, title: 'Your account', description: 'Your orders with the studio store.' },
  passwordReset: {
    noindex: true,
    title: 'Choose a new password',
    description: 'Choose a new password for your studio store account.',
  },
  teamOrderStart: {
    noindex: true,
    title: 'Start a team order',
    description: 'One link for your team: everyone picks a size and writes their name, and you pay once.',
  },
  teamOrderLink: {
    noindex: true,
    title: 'Team order',
    description: 'Choose your size and colour and write your name; the person who shared the link pays for everyone.',
  },
  adminTeamOrders: { noindex: true, title: 'Team orders', description: 'Every team order and its list.' },
  cartRestore: {
    noindex: true,
    title: 'Your cart',
    description: 'The cart you left at the payment page, back at today’s prices.',
  },
  teamOrderLead: {
    noindex: true,
    title: 'Your team order',
    description: 'The list of your team order as it fills, and one payment.',
  },
  apiTest: { noindex: true, title: 'API test', description: 'Checks of the API endpoints the store depends on.' },
  networkTest: { noindex: true, title: 'Network test', description: 'Checks of the browser-side network helpers.' },
  liveDataTest: {
    noindex: true,
    title: 'Live data test',
    description: 'Checks of the live product stream and its recovery.',
  },
  notFound: {
    noindex: true,
    title: MESSAGES.pageNotFound,
    description: 'The page you asked for does not exist or has moved.',
  },
} satisfies Record<string, PageMeta>;

/** Each page's title and description, by page (the SPA's route modules read theirs from here). */
export const PAGE_META: Readonly<Record<keyof typeof META, PageMeta>> = META;
