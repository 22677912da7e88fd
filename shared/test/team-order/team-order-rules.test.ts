import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/errors/index.js';
import {
  closingDateProblem,
  latestClosingDate,
  teamCartRequests,
  teamLineCounts,
  teamOrderState,
} from '../../src/domain/team-order/index.js';
import { teamMemberNameSchema } from '../../src/schemas/team-order.js';
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
