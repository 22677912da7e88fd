import { describe, expect, it } from 'vitest';
import { CART_SCHEMA_VERSION } from '../../src/constants/index.js';
import { buildCartDocument, cartDocumentSchema } from '../../src/domain/cart/index.js';
import { line } from './fixtures.js';

const now = new Date('2026-05-06T07:08:09.000Z');

describe('buildCartDocument', () => {
  it("builds a signed-in user's document with totals, version 2 and userId", () => {
    const doc = buildCartDocument(
      [line({ quantity: 2 }), line({ id: 'b', size: 'M', price: 26.5 })],
      { userId: 'uid-1' },
      now,
    );
    expect(doc).toMatchObject({
      itemCount: 2,
      totalItems: 3,
      totalPrice: 76.48,
      updatedAt: '2026-05-06T07:08:09.000Z',
      version: 2,
      userId: 'uid-1',
    });
    expect(doc).not.toHaveProperty('sessionId');
    expect(CART_SCHEMA_VERSION).toBe(2);
    expect(cartDocumentSchema.parse(doc)).toEqual(doc);
  });

  it("builds a guest's document with sessionId", () => {
    const doc = buildCartDocument([], { sessionId: 'guest-1' }, now);
    expect(doc).toEqual({
      cartItems: [],
      itemCount: 0,
      totalItems: 0,
      totalPrice: 0,
      updatedAt: now.toISOString(),
      version: 2,
      sessionId: 'guest-1',
    });
    expect(cartDocumentSchema.parse(doc)).toEqual(doc);
  });

  it('rejects a document of another version or without an owner', () => {
    const doc = buildCartDocument([], { sessionId: 'guest-1' }, now);
    expect(cartDocumentSchema.safeParse({ ...doc, version: 1 }).success).toBe(false);
    const { sessionId: _owner, ...ownerless } = doc as typeof doc & { sessionId: string };
    expect(cartDocumentSchema.safeParse(ownerless).success).toBe(false);
  });
});
