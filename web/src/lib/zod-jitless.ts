import { config } from 'zod';

// zod compiles object parsers with `new Function` when it may; to find out it tries once, which
// the Content-Security-Policy (no 'unsafe-eval') blocks and reports as a console error. The SPA
// never compiles: the interpreted parsers are fast enough for the few answers it checks.
config({ jitless: true });
