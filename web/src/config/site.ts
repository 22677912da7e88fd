// The studio's own details live with the page metadata in shared/, which the server reads too.
export { SITE } from '@shop/shared/pages';

/** Analytics measurement id; without one the site runs without analytics. */
export const ANALYTICS_ID: string | undefined = import.meta.env.VITE_ANALYTICS_ID || undefined;
