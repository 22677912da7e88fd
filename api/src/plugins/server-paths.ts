// Which URLs the API itself answers, as opposed to the site's pages and static files. The rate
// limit counts only these (DESIGN.md section 12.5); an unknown one answers JSON, not a page.
const SERVER_PREFIXES = ['/api', '/admin/queues', '/metrics'];

export function isServerPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
