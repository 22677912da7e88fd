import { afterEach, expect, test, vi } from 'vitest';

// The store page's code loads with the catalogue orders; a collator (the name order's) is slow to
// make on a phone, and most visits never sort by name: it is made on the first name comparison.

afterEach(() => vi.restoreAllMocks());

test('the name order makes its collator on first use, not when its module loads', async () => {
  vi.resetModules();
  const Collator = Intl.Collator;
  const made = vi.fn();
  vi.spyOn(Intl, 'Collator').mockImplementation(function (...args: ConstructorParameters<typeof Intl.Collator>) {
    made();
    return new Collator(...args);
  } as unknown as typeof Intl.Collator);
  const { compareName } = await import('../../src/domain/catalog/catalog-order.js');
  expect(made).not.toHaveBeenCalled();

  const product = (id: string, title: string) => ({ id, title, price: 1, updatedAt: '2025-01-01T00:00:00.000Z' });
  const sorted = [product('a', 'Mug 10'), product('b', 'mug 2'), product('c', 'Émail')].sort(compareName);
  expect(sorted.map((p) => p.title)).toEqual(['Émail', 'mug 2', 'Mug 10']);
  sorted.sort(compareName);
  expect(made).toHaveBeenCalledTimes(1);
});
