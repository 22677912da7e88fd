import { createHash } from 'node:crypto';
import type { CursorPosition } from './query-cursor.js';
import type { ParsedQuery } from './store-input.js';

// Turns a parsed query into SQL over docs(collection, id, data JSON), plus the partial expression
// index that serves its shape. Field paths and the collection are inlined as literals (validated
// by store-input.ts): SQLite only uses an expression index when the query repeats the indexed
// expression's exact text, and only uses a partial index when the WHERE repeats its condition.
//
// Semantics follow Firestore: equality matches the JSON type too (true is not 1, "1" is not 1),
// orderBy leaves out documents that lack the field, nulls sort first, the id breaks ties in the
// direction of the last orderBy term.

export type SqlValue = string | number | null;

export interface SqlQuery {
  sql: string;
  params: SqlValue[];
  /** The partial index serving this query shape; null when the primary key serves it. */
  index: { name: string; ddl: string } | null;
}

interface Fragment {
  sql: string;
  params: SqlValue[];
}

const jsonPath = (path: string[]) => `'$.${path.map((s) => `"${s}"`).join('.')}'`;
const valueOf = (path: string[]) => `json_extract(data, ${jsonPath(path)})`;
const typeOf = (path: string[]) => `json_type(data, ${jsonPath(path)})`;
const sqlDirection = (d: 'asc' | 'desc') => (d === 'asc' ? 'ASC' : 'DESC');

function filterTerm(path: string[], value: string | number | boolean | null): Fragment {
  const v = valueOf(path);
  const t = typeOf(path);
  if (value === null) return { sql: `${v} IS NULL AND ${t} = 'null'`, params: [] };
  if (typeof value === 'boolean') return { sql: `${v} = ${value ? 1 : 0} AND ${t} = '${value}'`, params: [] };
  if (typeof value === 'number') return { sql: `${v} = ? AND ${t} IN ('integer', 'real')`, params: [value] };
  return { sql: `${v} = ? AND ${t} = 'text'`, params: [value] };
}

interface SortKey {
  expr: string;
  direction: 'asc' | 'desc';
  value: SqlValue;
}

/** Strictly after `value` in this key's order; null when nothing can be (desc after NULL). */
function afterTerm({ expr, direction, value }: SortKey): Fragment | null {
  if (direction === 'asc') {
    return value === null ? { sql: `${expr} IS NOT NULL`, params: [] } : { sql: `${expr} > ?`, params: [value] };
  }
  return value === null ? null : { sql: `(${expr} < ? OR ${expr} IS NULL)`, params: [value] };
}

function sameTerm({ expr, value }: SortKey): Fragment {
  return value === null ? { sql: `${expr} IS NULL`, params: [] } : { sql: `${expr} = ?`, params: [value] };
}

/** Rows after the cursor: (k1 > v1) OR (k1 = v1 AND k2 > v2) OR ... with each key's direction. */
function keysetTerm(keys: SortKey[]): Fragment {
  const alternatives: Fragment[] = [];
  keys.forEach((key, i) => {
    const after = afterTerm(key);
    if (!after) return;
    const parts = [...keys.slice(0, i).map(sameTerm), after];
    alternatives.push({ sql: parts.map((p) => p.sql).join(' AND '), params: parts.flatMap((p) => p.params) });
  });
  if (alternatives.length === 0) return { sql: '0', params: [] };
  return {
    sql: `(${alternatives.map((a) => `(${a.sql})`).join(' OR ')})`,
    params: alternatives.flatMap((a) => a.params),
  };
}

export function buildSqlQuery(collection: string, query: ParsedQuery, cursor: CursorPosition | null): SqlQuery {
  // Canonical filter order, so the same filters in another order share one index.
  const where = [...query.where].sort((a, b) => a.path.join('.').localeCompare(b.path.join('.')));
  const terms: Fragment[] = [{ sql: `collection = '${collection}'`, params: [] }];
  if (cursor) {
    const keys: SortKey[] = query.orderBy.map((o, i) => ({
      expr: valueOf(o.path),
      direction: o.direction,
      value: cursor.values[i] as SqlValue,
    }));
    keys.push({ expr: 'id', direction: query.idDirection, value: cursor.id });
    terms.push(keysetTerm(keys));
  }
  // After the keyset term, which the index answers alone: these need the row's JSON.
  for (const { path, value } of where) terms.push(filterTerm(path, value));
  for (const { path } of query.orderBy) terms.push({ sql: `${typeOf(path)} IS NOT NULL`, params: [] });

  const orderColumns = [
    ...query.orderBy.map((o) => `${valueOf(o.path)} ${sqlDirection(o.direction)}`),
    `id ${sqlDirection(query.idDirection)}`,
  ];
  const selected = query.orderBy.map((o, i) => `, ${valueOf(o.path)} AS o${i}`).join('');
  const params = terms.flatMap((t) => t.params);
  let sql =
    `SELECT id, data${selected} FROM docs WHERE ${terms.map((t) => t.sql).join(' AND ')} ` +
    `ORDER BY ${orderColumns.join(', ')}`;
  if (query.limit !== null) {
    // One extra row tells whether another page follows.
    sql += ' LIMIT ?';
    params.push(query.limit + 1);
  }

  let index: SqlQuery['index'] = null;
  if (where.length + query.orderBy.length > 0) {
    const columns = [...where.map((w) => valueOf(w.path)), ...orderColumns].join(', ');
    const hash = createHash('sha1').update(`${collection}\n${columns}`).digest('hex').slice(0, 16);
    const name = `docs_${collection}_${hash}`;
    index = {
      name,
      ddl: `CREATE INDEX IF NOT EXISTS "${name}" ON docs (${columns}) WHERE collection = '${collection}'`,
    };
  }
  return { sql, params, index };
}
