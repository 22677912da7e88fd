import { afterEach, describe, expect, test, vi } from 'vitest';
import { COOKIE_LIFETIME_DEFAULT_DAYS } from '@shop/shared';
import { writeCookie } from '../../src/lib/cookies';

// The browser keeps a cookie only as long as its Max-Age says; reading it back never shows that,
// so the written line is what is checked.

afterEach(() => vi.restoreAllMocks());

function written(write: () => void): string {
  const lines: string[] = [];
  let owner: object | null = document;
  while (owner && !Object.getOwnPropertyDescriptor(owner, 'cookie'))
    owner = Object.getPrototypeOf(owner) as object | null;
  const real = Object.getOwnPropertyDescriptor(owner!, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((line: string) => {
    lines.push(line);
    real.set!.call(document, line);
  });
  write();
  return lines.join('\n');
}

describe('first-party cookies', () => {
  test('a cookie written without a lifetime lasts the spec default of 30 days', () => {
    expect(COOKIE_LIFETIME_DEFAULT_DAYS).toBe(30);
    expect(written(() => writeCookie('probe', 'yes'))).toContain(`Max-Age=${30 * 86_400};`);
    expect(document.cookie).toContain('probe=yes');
  });

  test('a lifetime given is kept', () => {
    expect(written(() => writeCookie('probe', 'yes', 365))).toContain(`Max-Age=${365 * 86_400};`);
  });
});
