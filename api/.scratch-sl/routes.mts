import { createTestApp } from '../test/helpers/test-app.js';
import { servedRoutes } from '../test/security/served-routes.js';
const t = await createTestApp();
for (const r of servedRoutes(t.app)) console.log(r.method, r.url);
await t.close();
