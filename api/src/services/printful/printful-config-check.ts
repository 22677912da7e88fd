// The admin's "is Printful configured and reachable?" (GET /api/admin/sync/config-check): the
// check itself lives with the Printful client in shared, as the configuration script runs it too.
export { checkPrintfulConfig } from '@shop/shared/providers/printful';
