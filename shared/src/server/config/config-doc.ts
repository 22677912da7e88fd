import { configSchema } from './index.js';
import { CONFIG_DOCS, type Group } from './variable-meanings.js';

// The page docs/configuration.md, made from the schema and the meanings in variable-meanings.ts
// (`npm run docs:config` writes the page; shared/test/config/configuration-doc.test.ts fails when
// the page is stale or a variable has no entry there).

export { CONFIG_DOCS, type VariableDoc } from './variable-meanings.js';

const GROUPS: Group[] = [
  'Server',
  'Data',
  'Printful',
  'Stripe',
  'Shipping',
  'Currencies',
  'Identity',
  'Sync and e-mail',
  'Limits and logs',
];

/** The variables the schema knows that have no entry in CONFIG_DOCS. */
export function undocumentedVariables(): string[] {
  return Object.keys(configSchema.shape).filter((name) => !CONFIG_DOCS[name]);
}

function schemaDefault(name: string): string {
  const parsed = (
    configSchema.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>
  )[name]!.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return '–';
  return typeof parsed.data === 'object' ? JSON.stringify(parsed.data) : String(parsed.data);
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The whole of docs/configuration.md. */
export function renderConfigurationDoc(): string {
  const lines = [
    '# Configuration',
    '',
    '<!-- Written by `npm run docs:config` from shared/src/server/config; edit the meanings in',
    '     shared/src/server/config/variable-meanings.ts, never this page. -->',
    '',
    '## How configuration is read',
    '',
    'Every process (API, worker, scripts) reads its settings once, through the zod schema in',
    '`shared/src/server/config`; nothing else reads `process.env`. A `.env` file at the root is read',
    'too, and `.env.example` lists every variable. An invalid value stops the process at start with a',
    'message naming the variable. Unset, every variable takes the embedded default below, which runs',
    'the whole store on one machine: the Printful and Stripe sandboxes, the Auth emulator, SQLite and',
    'a local Redis. The sandboxes and the API share their local secrets, so setting',
    '`STRIPE_WEBHOOK_SECRET` changes both sides together. With `NODE_ENV=production` the defaults that',
    'only make sense locally are refused: see [going-live.md](going-live.md).',
    '',
  ];
  for (const group of GROUPS) {
    const names = Object.keys(configSchema.shape).filter((name) => CONFIG_DOCS[name]?.group === group);
    if (names.length === 0) continue;
    lines.push(`## ${group}`, '', '| variable | default | meaning |', '| --- | --- | --- |');
    for (const name of names) {
      const doc = CONFIG_DOCS[name]!;
      const fromSchema = schemaDefault(name);
      const def = doc.shown ?? (fromSchema === '–' ? fromSchema : `\`${fromSchema}\``);
      lines.push(`| \`${name}\` | ${cell(def)} | ${cell(doc.meaning)} |`);
    }
    lines.push('');
  }
  const missing = undocumentedVariables();
  if (missing.length > 0) {
    lines.push(
      '## Not described yet',
      '',
      ...missing.map((name) => `- \`${name}\`: default ${schemaDefault(name)}`),
      '',
    );
  }
  return lines.join('\n');
}
