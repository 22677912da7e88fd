import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import { CatalogueBrowser } from '../../src/features/store/browse/catalogue-browser';
import { MUG, SHIRT } from '../cart/stubs';

// A search that finds nothing is never a dead end (docs/rules.md#what-a-merch-shopper-expects): it offers every category of
// the store, and one press shows that category.

describe('an empty search result', () => {
  test('offers every category of the store with its count; choosing one shows its products', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/store?q=umbrella']}>
        <CatalogueBrowser catalogue={[SHIRT, MUG]} />
      </MemoryRouter>,
    );
    const empty = screen.getByTestId('empty-results');
    expect(within(empty).getByRole('heading')).toHaveTextContent('No products match "umbrella"');
    const offered = within(screen.getByTestId('empty-results-categories')).getAllByRole('button');
    // Each says its count with its unit to a screen reader (visually hidden), as valid HTML.
    expect(offered.map((b) => b.textContent)).toEqual(['accessories1 product', 'clothing1 product']);
    await user.click(offered[1]);
    expect(screen.queryByTestId('empty-results')).not.toBeInTheDocument();
    expect(screen.getByTestId('result-count')).toHaveTextContent('1 product in clothing');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });
});
