import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/errors/index.js';
import { TEAM_ORDER_PACKING_SLIP_MAX } from '../../src/constants/index.js';
import {
  closingDateProblem,
  latestClosingDate,
  teamOrderIdOfCart,
  membersInParcel,
  packingSlipMessage,
  teamCartRequests,
  teamLineCounts,
  teamOrderNotice,
  teamOrderState,
} from '../../src/domain/team-order/index.js';
import { teamMemberChoiceSchema, teamMemberNameSchema } from '../../src/schemas/team-order.js';
import {
  hashMemberKey,
  memberKeyMatches,
  newMemberKey,
  newTeamOrderSecret,
} from '../../src/server/team-orders/index.js';

// The rules of a team order (docs/rules.md#team-orders) that the lead and the members notice.

describe('team order rules', () => {
  it('closes when the closing day ends or the lead closes it', () => {
    const doc = { status: 'open' as const, closesAt: '2026-12-05T08:00:00.000Z' };
    expect(teamOrderState(doc, new Date('2026-12-05T07:59:59Z'))).toBe('open');
    expect(teamOrderState(doc, new Date('2026-12-05T08:00:00Z'))).toBe('closed');
    expect(teamOrderState({ ...doc, status: 'closed' }, new Date('2026-12-01T00:00:00Z'))).toBe('closed');
    expect(teamOrderState({ ...doc, status: 'paid' }, new Date('2027-01-01T00:00:00Z'))).toBe('paid');
  });

  it('takes a closing date from today to 60 days ahead', () => {
    expect(closingDateProblem('2026-11-27', '2026-11-27')).toBeNull();
    expect(latestClosingDate('2026-11-27')).toBe('2027-01-26');
    expect(closingDateProblem('2027-01-26', '2026-11-27')).toBeNull();
    expect(closingDateProblem('2027-01-27', '2026-11-27')).toBe(MESSAGES.teamOrderClosingTooFar(60));
    expect(closingDateProblem('2026-11-26', '2026-11-27')).toBe(MESSAGES.teamOrderClosingPast);
    expect(closingDateProblem('2026-02-30x', '2026-11-27')).toBe(MESSAGES.teamOrderClosingPast);
  });

  it('sums the lines by product, colour and size, and splits the cart adds at 10', () => {
    const members = [
      ...Array.from({ length: 12 }, () => ({ productId: 'hoodie', size: 'M', color: 'Black' })),
      { productId: 'tee', size: 'S', color: 'White' },
      { productId: 'hoodie', size: 'XL', color: 'Black' },
      { productId: 'hoodie', size: 'S', color: 'Black' },
    ];
    const counts = teamLineCounts(members, ['hoodie', 'tee']);
    expect(counts.map((c) => [c.productId, c.size, c.count])).toEqual([
      ['hoodie', 'S', 1],
      ['hoodie', 'M', 12],
      ['hoodie', 'XL', 1],
      ['tee', 'S', 1],
    ]);
    expect(teamCartRequests(counts).map((r) => [r.size, r.quantity])).toEqual([
      ['S', 1],
      ['M', 10],
      ['M', 2],
      ['XL', 1],
      ['S', 1],
    ]);
  });

  it('bounds names to 40 characters without line breaks', () => {
    expect(teamMemberNameSchema.parse('  Zoë  ')).toBe('Zoë');
    expect(teamMemberNameSchema.safeParse('x'.repeat(41)).success).toBe(false);
    expect(teamMemberNameSchema.safeParse('Ada\nBob').success).toBe(false);
    expect(teamMemberNameSchema.safeParse('   ').success).toBe(false);
  });

  it('makes unguessable links and keys, keeping only a key hash', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => newTeamOrderSecret()));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const { key, keyHash } = newMemberKey();
    expect(keyHash).toBe(hashMemberKey(key));
    expect(keyHash).not.toContain(key);
    expect(memberKeyMatches(key, keyHash)).toBe(true);
    expect(memberKeyMatches(newMemberKey().key, keyHash)).toBe(false);
  });
});

describe("a member's e-mail address", () => {
  const line = { name: 'Ada', productId: 'hoodie', size: 'M', color: 'Navy' };
  it('is optional: left out or empty means none, and a given one is trimmed', () => {
    expect(teamMemberChoiceSchema.parse(line).email).toBeUndefined();
    expect(teamMemberChoiceSchema.parse({ ...line, email: '   ' }).email).toBeUndefined();
    expect(teamMemberChoiceSchema.parse({ ...line, email: ' ada@example.com ' }).email).toBe('ada@example.com');
  });

  it('refuses what is not an address, or longer than 254 characters, with one clear sentence', () => {
    for (const email of ['ada', 'ada@', 'a b@example.com', `${'a'.repeat(250)}@example.com`, 42]) {
      const parsed = teamMemberChoiceSchema.safeParse({ ...line, email });
      expect(parsed.success, String(email)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(MESSAGES.teamOrderEmailInvalid);
    }
  });
});

describe('the parcel of a team order', () => {
  const member = (name: string, size: string, productId = 'hoodie') => ({
    id: globalThis.crypto.randomUUID(),
    keyHash: 'h',
    name,
    productId,
    size,
    color: 'Navy',
    email: `${name.replace(/\W/g, '').toLowerCase() || 'someone'}@example.com`,
    joinedAt: '2026-11-27T00:00:00Z',
    updatedAt: '2026-11-27T00:00:00Z',
  });
  const products = [
    { id: 'hoodie', title: 'Studio Hoodie' },
    { id: 'cap', title: 'Old Cap' },
  ];

  it("is known by the id the lead's cart lines carry, whatever quantities changed", () => {
    const id = '6f1c2a1e-7d2b-4c3e-9a55-0b1e2f3a4b5c';
    expect(teamOrderIdOfCart([{ teamOrderId: undefined }, { teamOrderId: id }])).toBe(id);
    expect(teamOrderIdOfCart([{}, {}])).toBeNull();
  });

  it("lists each bought person's name and choice on the packing slip, leaving out retired lines", () => {
    const message = packingSlipMessage({
      title: 'Platform team',
      products,
      members: [member('Ada', 'S'), member('Bo <b>', 'M'), member('Cap person', 'M', 'cap')],
      cartLines: [
        { productId: 'hoodie', size: 'S', color: 'Navy', count: 1 },
        { productId: 'hoodie', size: 'M', color: 'Navy', count: 1 },
      ],
    });
    expect(message).toBe(
      'Team order "Platform team", 2 people: Ada: Studio Hoodie, Navy / S; Bo <b>: Studio Hoodie, Navy / M',
    );
    // The members' e-mail addresses are theirs: never printed on the parcel.
    expect(message).not.toContain('@');
  });

  it('finds the people in the parcel: the bought lines only', () => {
    const members = [member('Ada', 'S'), member('Cap person', 'M', 'cap')];
    const cartLines = [{ productId: 'hoodie', size: 'S', color: 'Navy', count: 1 }];
    expect(membersInParcel({ members, cartLines }).map((m) => m.name)).toEqual(['Ada']);
    expect(membersInParcel({ members, cartLines: null })).toEqual([]);
  });

  it('stays within its bound with 100 people of 40-character names', () => {
    const members = Array.from({ length: 100 }, (_, i) => member(`${i}`.padStart(40, 'x'), 'M'));
    const message = packingSlipMessage({
      title: 't'.repeat(40),
      products,
      members,
      cartLines: [{ productId: 'hoodie', size: 'M', color: 'Navy', count: 100 }],
    });
    expect(message.length).toBeLessThanOrEqual(TEAM_ORDER_PACKING_SLIP_MAX);
    expect(message).toMatch(/; and \d+ more$/);
  });
});

describe('what the shared link says after it closed', () => {
  const doc = { leadName: 'Sam', shippedNoticesAt: null };
  it('says the lead has the list while closed, then that it was ordered, then that it shipped', () => {
    expect(teamOrderNotice(doc, 'open')).toBeNull();
    expect(teamOrderNotice(doc, 'closed')).toMatch(/Sam has the list/);
    expect(teamOrderNotice(doc, 'paid')).toMatch(/^Ordered: Sam has paid/);
    expect(teamOrderNotice(doc, 'paid')).not.toMatch(/will order/);
    expect(teamOrderNotice({ ...doc, shippedNoticesAt: '2026-11-29T10:00:00.000Z' }, 'paid')).toMatch(
      /^Shipped: .* on its way to Sam/,
    );
  });
});
