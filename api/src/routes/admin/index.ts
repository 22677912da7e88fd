import type { FastifyInstance } from 'fastify';
import { endDashboardSession, startDashboardSession } from './admin-session.routes.js';
import catalogMarginsRoutes from './catalog-margins.routes.js';
import productSyncRoutes from './product-sync.routes.js';
import adminOrderRoutes from './orders.routes.js';
import adminQuoteRoutes from './quotes.routes.js';
import adminReportRoutes from './reports.routes.js';
import adminDiscountRoutes from './discounts.routes.js';
import adminHomeRoutes from './home.routes.js';
import adminCustomerRoutes from './customers.routes.js';
import adminWebVitalsRoutes from './web-vitals.routes.js';
import currencyRatesRoutes from './currency-rates.routes.js';

// /api/admin: everything but closing the dashboard session is for admins only (docs/rules.md#roles-and-permissions).
// The check runs on request, before the body is read or validated, so the signed out get 401 and
// other users 403 whatever they send.
export default async function adminRoutes(app: FastifyInstance) {
  await app.register(async (adminOnly) => {
    adminOnly.addHook('onRequest', adminOnly.requireAdmin);
    await adminOnly.register(productSyncRoutes);
    await adminOnly.register(catalogMarginsRoutes);
    await adminOnly.register(adminOrderRoutes);
    await adminOnly.register(adminQuoteRoutes);
    await adminOnly.register(adminReportRoutes);
    await adminOnly.register(adminDiscountRoutes);
    await adminOnly.register(adminHomeRoutes);
    await adminOnly.register(adminCustomerRoutes);
    await adminOnly.register(adminWebVitalsRoutes);
    await adminOnly.register(currencyRatesRoutes);
    await adminOnly.register(startDashboardSession);
  });
  await app.register(endDashboardSession);
}
