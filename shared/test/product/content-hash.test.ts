import { describe, expect, it } from 'vitest';
import { contentHash } from '../../src/domain/product/index.js';

describe('contentHash', () => {
  it('is the same for the same content whatever the key order', () => {
    expect(contentHash({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(contentHash({ b: { d: 'x', c: [1, 2] }, a: 1 }));
  });

  it('ignores timestamps at any depth', () => {
    const a = {
      title: 'Tee',
      createdAt: '2024-01-01',
      updatedAt: new Date(1),
      files: [{ id: 1, created: 5 }],
      sync_product: { updated: 1 },
    };
    const b = {
      title: 'Tee',
      createdAt: '2025-01-01',
      updatedAt: new Date(2),
      files: [{ id: 1, created: 9 }],
      sync_product: { updated: 2 },
    };
    expect(contentHash(a)).toBe(contentHash(b));
  });

  it('changes when the content changes', () => {
    const base = { title: 'Tee', price: 24.99, variants: [{ id: '1', price: 24.99 }] };
    const hashes = new Set([
      contentHash(base),
      contentHash({ ...base, price: 25 }),
      contentHash({ ...base, title: 'Tee ' }),
      contentHash({ ...base, variants: [{ id: '1', price: 25.99 }] }),
      contentHash({ ...base, variants: [] }),
    ]);
    expect(hashes.size).toBe(5);
  });

  it('is a 16-digit hex string', () => {
    expect(contentHash({})).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('contentHash with includeTimestamps', () => {
  it('tells apart documents that differ only in a timestamp', () => {
    expect(contentHash({ id: 1, updated: 1 }, { includeTimestamps: true })).not.toBe(
      contentHash({ id: 1, updated: 2 }, { includeTimestamps: true }),
    );
    expect(contentHash({ b: 1, a: 2 }, { includeTimestamps: true })).toBe(
      contentHash({ a: 2, b: 1 }, { includeTimestamps: true }),
    );
  });
});
