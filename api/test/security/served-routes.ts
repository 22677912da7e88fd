import type { FastifyInstance, InjectOptions } from 'fastify';

type Method = NonNullable<InjectOptions['method']>;

// Every route an app serves, read from app.printRoutes()'s radix tree (each line a fragment of
// the path below its parent's): the one listing Fastify gives once the routes are registered.
// Suites that must cover "every route" enumerate from here, so a route added tomorrow is covered
// without anyone remembering to list it.

export interface ServedRoute {
  method: Method;
  /** The pattern as registered, e.g. /api/cart/items/:itemId. */
  url: string;
}

const TREE_LINE = /^((?:[│ ] {3}|[├└]── )*)(.+?)(?: \(([A-Z, ]+)\))?$/u;

export function servedRoutes(app: FastifyInstance): ServedRoute[] {
  const routes: ServedRoute[] = [];
  const path: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = TREE_LINE.exec(line);
    if (!match || !line.trim()) continue;
    const depth = [...match[1]].length / 4;
    path.length = depth - 1;
    path.push(match[2] === '(empty root node)' ? '' : match[2]);
    const url = path.join('').replace(/^(?!\/)/, '/');
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method: method as Method, url });
  }
  return routes;
}

/** The path parameters of a pattern, with `*` for a wildcard. */
export function paramsOf(url: string): string[] {
  return [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
}
