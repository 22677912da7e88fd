// The studio's own details: the SPA's header, footer and contact copy, and the server's page heads
// and Organization structured data read the same values.
export const SITE = {
  name: 'Copperleaf Studio',
  tagline: 'Websites and web apps that load fast, read well and work for everyone.',
  email: 'hello@copperleaf.studio',
  phone: '+1 (503) 555-0148',
  phoneHref: '+15035550148',
  address: '2150 NW Raleigh Street, Suite 300, Portland, OR 97210, USA',
  founded: 2016,
  /** The language and region of every page (Open Graph's locale). */
  locale: 'en_US',
  /** Shown by link previews when a page has no image of its own (a file of web/public). */
  shareImage: '/images/share-card.png',
  logo: '/favicon.svg',
  /** The logo as a PNG (mail clients do not show SVG), for the e-mails' header. */
  emailLogo: '/images/logo-96.png',
} as const;
