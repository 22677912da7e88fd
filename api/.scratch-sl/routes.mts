import { createTestApp } from '../test/helpers/test-app.js';
const t = await createTestApp();
const spec = t.app.swagger() as any;
for (const [p, ops] of Object.entries(spec.paths)) console.log(Object.keys(ops as object).join(','), p);
console.log(t.app.printRoutes({ commonPrefix: false }));
await t.close();
