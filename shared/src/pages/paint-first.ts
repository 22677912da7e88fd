// Paint first, then fetch the app (issue 24). Every page's text is in its HTML, so the app's
// scripts are needed for interaction, not for the first paint. Requested while the page is still
// waiting for its stylesheets, they shared a phone's connection with them and with the largest
// image; Lighthouse's phone preset put the store's and a product page's LCP at 2.7-2.9 s. The
// head therefore names the entry and the preloads as inert metas, and `web/public/boot.js` turns
// them into requests on the frame after the first paint (at once in a background tab, which never
// paints). The build writes the entry's metas (web/vite.config.ts), the API a route's preloads.

/** `<meta name=...>` of the entry module, which boot.js loads as `<script type="module">`. */
export const APP_ENTRY_META = 'app-entry';
/** `<meta name=...>` of a module boot.js preloads (the entry's imports, then the route's chunks). */
export const APP_PRELOAD_META = 'app-preload';
/**
 * `<html data-app-script>`: "loaded" once the entry has run (hydration has begun), "failed" when it
 * could not load. Browser tests and monitoring wait on it where they waited on the load event.
 */
export const APP_SCRIPT_STATE_ATTRIBUTE = 'data-app-script';

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}

/** The meta that names a module to preload after the first paint. */
export function appPreloadTag(href: string): string {
  return `<meta name="${APP_PRELOAD_META}" content="${escapeAttribute(href)}" />`;
}

/** The metas that name the entry module, and the loader that reads them. */
export function appEntryTags(src: string): string {
  return `<meta name="${APP_ENTRY_META}" content="${escapeAttribute(src)}" />\n    <script defer src="/boot.js"></script>`;
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The built index.html with its entry script and module preloads turned into paint-first metas. */
export function toPaintFirst(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return html;
  return html
    .replace(MODULE_PRELOAD, (_tag, href: string) => appPreloadTag(href))
    .replace(ENTRY_SCRIPT, () => appEntryTags(entry[1]!));
}
