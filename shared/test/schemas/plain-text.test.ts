import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/errors/index.js';
import {
  isPlainText,
  orderChangeAddressSchema,
  quoteRequestSchema,
  teamMemberNameSchema,
} from '../../src/schemas/index.js';

// Names and addresses are plain printable text (schemas/plain-text.ts): what a parcel, a packing
// slip, a CSV cell or an e-mail shows is what was typed, never a hidden line or a reversed one.

const address = {
  name: 'Ada Lovelace',
  address1: '1 Analytical Way',
  city: 'Springfield',
  stateCode: 'IL',
  countryCode: 'US',
  zip: '62701',
};

describe('plain text in names and addresses', () => {
  it.each([
    ['a line break', 'Bob\r\nBcc: evil@example.com'],
    ['a tab', 'Bob\tSmith'],
    ['an escape', 'Bob\u001b[31m'],
    ['a bidi override', 'Ann\u202egnp.exe'],
    ['a bidi isolate', 'Ann\u2066x\u2069'],
    ['zero-width spaces only', '\u200b\u200b'],
    ['a byte-order mark', '\ufeffAnn'],
    ['a line separator', 'Ann\u2028Bob'],
  ])('refuses %s', (_what, text) => {
    expect(isPlainText(text)).toBe(false);
  });

  it.each([['Zoë'], ['O’Brien-Smith'], ['李小龙'], ['میر‌حسین'], ['👩‍👩‍👧 Team'], ['Apt. #4']])('accepts %s', (text) => {
    expect(isPlainText(text)).toBe(true);
  });

  it('the address of a grace-period change: refused with the field named, whichever field', () => {
    for (const [field, label] of [
      ['name', 'Name'],
      ['address1', 'Address'],
      ['address2', 'Address line 2'],
      ['city', 'City'],
    ] as const) {
      const parsed = orderChangeAddressSchema.safeParse({ ...address, [field]: 'Bob\r\nBcc: evil@example.com' });
      expect(parsed.success, field).toBe(false);
      expect(parsed.error?.issues[0].message).toBe(MESSAGES.textNotPlain(label));
    }
    expect(orderChangeAddressSchema.safeParse(address).success).toBe(true);
  });

  it('a team member’s name and a quote’s name and company', () => {
    expect(teamMemberNameSchema.safeParse('Ann\u202egnp.exe').error?.issues[0].message).toBe(
      MESSAGES.textNotPlain('Name'),
    );
    expect(teamMemberNameSchema.safeParse('\u200b\u200b').success).toBe(false);
    expect(teamMemberNameSchema.safeParse('Ann').success).toBe(true);
    const quote = quoteRequestSchema.safeParse({
      name: 'Ann\nB',
      email: 'ann@example.com',
      company: 'X\u202eY',
      services: ['website'],
      budget: 'not-sure',
      message: 'Hello there, a website please.',
    });
    const messages = quote.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain(MESSAGES.textNotPlain('Name'));
    expect(messages).toContain(MESSAGES.textNotPlain('Company'));
  });
});
