import type { JobModule } from '../job-module.js';
import { jobModule as maintenance } from './maintenance/index.js';
import { jobModule as productSync } from './product-sync/index.js';
import { jobModule as orders } from './orders/index.js';
import { jobModule as notifications } from './notifications/index.js';

// Every queue's handler. Each job folder exports `jobModule`; register it here with one line.
export const jobModules: JobModule[] = [productSync, maintenance, orders, notifications];
