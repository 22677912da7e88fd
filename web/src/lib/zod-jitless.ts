import { config } from 'zod/v4';

// The SPA's `zod`: vite.config.ts points every `import ... from 'zod'` of the browser build (the
// shared schemas included) here. zod compiles object parsers with `new Function` when it may, and
// finds out by trying once when the first object schema is made; the Content-Security-Policy (no
// 'unsafe-eval') blocks that try and Chromium reports it as an issue. Being what `zod` resolves
// to, this runs before any module that makes a schema, whichever chunk that module ends up in
// (a call in main.tsx came too late: the bundler evaluates the shared chunk holding zod and the
// schemas before the entry's own code). The SPA never compiles: the interpreted parsers are fast
// enough for the few answers it checks.
config({ jitless: true });

export * from 'zod/v4';
