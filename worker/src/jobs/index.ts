import type { JobModule } from '../job-module.js';

// Every queue's handler. Each job folder exports `jobModule`; register it here with one line.
export const jobModules: JobModule[] = [];
