// The studio's own details, used by the header, footer, contact copy and page titles.
export const SITE = {
  name: 'Copperleaf Studio',
  tagline: 'Websites and web apps that load fast, read well and work for everyone.',
  email: 'hello@copperleaf.studio',
  phone: '+1 (503) 555-0148',
  phoneHref: '+15035550148',
  address: '2150 NW Raleigh Street, Suite 300, Portland, OR 97210, USA',
  founded: 2016,
} as const;

/** Analytics measurement id; without one the site runs without analytics. */
export const ANALYTICS_ID: string | undefined = import.meta.env.VITE_ANALYTICS_ID || undefined;
