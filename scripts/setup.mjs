#!/usr/bin/env node
// Installs the dependencies (when node_modules is missing) and builds the SPA (when stale), the
// SQLite driver's compile beside the SPA's build. `npm start` and `npm test` do the same on their
// own; .ci/run calls this first so that its own timing line shows what the install cost.
import { prepare } from './lib/prepare.mjs';

await prepare();
