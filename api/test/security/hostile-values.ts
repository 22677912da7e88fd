import fc from 'fast-check';

// Generators of what a hostile or broken client sends: text that breaks naive string handling,
// values of the wrong type, malformed and oversized bodies, and the raw bytes of paths, query
// strings and header values as they arrive over HTTP.

/** Text that has broken string handling somewhere: control, bidi, emoji, surrogates, injections. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202eevil\u202c',
  'שלום עולם',
  'مرحبا',
  '😀',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301',
  '\ud800',
  '\udfff',
  'a\ud83d',
  '\ufeff',
  '\uffff',
  '../../../etc/passwd',
  '..',
  '.',
  '__proto__',
  'constructor',
  'prototype',
  "' OR 1=1 --",
  '"; DROP TABLE docs; --',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x1f',
  '9007199254740993',
  'A'.repeat(5000),
  'guest-00000000-0000-4000-8000-000000000000\u0000',
] as const;

/** One "character": any code point, a lone surrogate half, or one of the troublemakers. */
const hostileUnit = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('\u0000', '\u202e', '\u200f', '\u2028', '"', '\\', '/', '%', '&', '=', '?', '#', ';', ','),
);

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: hostileUnit, maxLength: 24 }) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: hostileUnit, minLength: 150, maxLength: 400 }) },
);

/** A value of any type, for fields that expect one particular type. */
export const wrongTyped: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(-1, 0, 11, 1.5, 1e308, -0, Number.MAX_SAFE_INTEGER + 2),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(hostileText, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** Either a plausible value or a hostile one (and sometimes the field is left out by the record). */
export const field = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: wrongTyped });

/** JSON documents of any shape, with hostile keys and text. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3, stringUnit: hostileUnit }),
  fc.dictionary(hostileText, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
);

/** Over the API's 64 KiB body limit. */
export const oversizedJson = (bytes = 64 * 1024 + 1) => `{"padding":"${'a'.repeat(bytes)}"}`;

/** Raw bodies that are not the JSON they claim to be. */
export const BROKEN_BODIES = [
  '{"a":',
  '{a:1}',
  "{'a':1}",
  '[',
  '{"__proto__":{"isAdmin":true,"admin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '\u0000',
  '\ufeff{}',
  'null',
  '"text"',
  '1e400',
  '{"a":1,"a":2}',
  // 25 000 levels of nesting: about 50 KB, under the limit, deep enough to exhaust a recursive parser.
  `${'['.repeat(25_000)}${']'.repeat(25_000)}`,
] as const;

/** A body: JSON of the expected shape or any shape, broken text, or none at all. */
export function bodyOf(expected?: fc.Arbitrary<unknown>): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: expected ? 6 : 0, arbitrary: (expected ?? anyJson).map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: anyJson.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_BODIES) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/xml',
      'application/json, text/plain',
      'application/problem+json',
      '*/*',
      '',
    ),
  },
  { weight: 1, arbitrary: hostileText.map(headerValue) },
);

/**
 * What a header value becomes on the wire: the client's UTF-8 bytes read back as latin1, without
 * the control characters that Node's HTTP parser refuses before any application code runs.
 */
export function headerValue(text: string): string {
  const latin1 = Buffer.from(text, 'utf8').toString('latin1');
  return [...latin1].filter((c) => c === '\t' || (c >= ' ' && c !== '\u007f')).join('');
}

/** Percent-encodes every byte of the text's UTF-8 form except the unreserved characters. */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Raw path segments that are not well-formed percent-encoded UTF-8. */
const BROKEN_SEGMENTS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%FF%FE',
  '%00',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  '%C0%AE%C0%AE',
] as const;

/** A path segment as sent on the wire (one or more segments: `/` may be inside). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileText.map(percentEncode) },
  { weight: 1, arbitrary: fc.constantFrom(...BROKEN_SEGMENTS) },
  { weight: 1, arbitrary: fc.constantFrom('a/b', '../..', 'x'.repeat(300), '') },
);

/** A query string as sent on the wire, with some of the route's own keys among hostile ones. */
export function queryString(
  keys: readonly string[] = [],
  values: fc.Arbitrary<string> = hostileText,
): fc.Arbitrary<string> {
  const key = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), hostileText) : hostileText;
  const pair = fc.tuple(key, fc.oneof(values, hostileText)).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`);
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.join('&')) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        'a=%zz',
        '__proto__[isAdmin]=1',
        'a[b][c]=1',
        '&&&',
        '=',
        'limit=1&limit=2',
        'x'.repeat(3000),
      ),
    },
  );
}
