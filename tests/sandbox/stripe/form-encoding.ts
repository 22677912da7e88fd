// Decodes Stripe's form encoding (docs/providers.md#stripe-wire-format): brackets for nesting, indexed arrays
// (`line_items[0][quantity]=1`), `expand[]=x` appends. The `qs` package is only a transitive
// dependency here, so this small parser keeps the sandbox on declared dependencies.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

function splitKey(key: string): string[] {
  const match = KEY.exec(key);
  if (!match) return [key];
  const rest = match[2].length ? match[2].slice(1, -1).split('][') : [];
  return [match[1], ...rest];
}

const isIndex = (segment: string) => segment === '' || /^\d+$/.test(segment);

function assign(target: FormObject | FormValue[], segments: string[], value: string): void {
  const [head, ...rest] = segments;
  if (FORBIDDEN.has(head)) return;
  if (Array.isArray(target)) {
    const index = head === '' ? target.length : Number(head);
    if (rest.length === 0) target[index] = value;
    else {
      const existing = target[index];
      const child = existing && typeof existing === 'object' ? existing : isIndex(rest[0]) ? [] : {};
      target[index] = child;
      assign(child, rest, value);
    }
    return;
  }
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const existing = target[head];
  const child = existing && typeof existing === 'object' ? existing : isIndex(rest[0]) ? [] : {};
  target[head] = child;
  assign(child, rest, value);
}

/** Sparse indexes (`a[0]`, `a[5]`) become a dense array, as qs does. */
function compact(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
}

export function parseForm(body: string): FormObject {
  const result: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) assign(result, splitKey(key), value);
  return compact(result) as FormObject;
}

/** A canonical text of the parameters, for comparing an idempotent retry with the first request. */
export function fingerprint(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${fingerprint(value[k])}`).join(',')}}`;
}
