import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, test, vi } from 'vitest';
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
    expect(within(empty).getByRole('heading', { level: 2 })).toHaveTextContent('No products match "umbrella"');
    const offered = within(screen.getByTestId('empty-results-categories')).getAllByRole('button');
    // Each says its count with its unit to a screen reader (visually hidden), as valid HTML.
    expect(offered.map((b) => b.textContent)).toEqual(['accessories1 product', 'clothing1 product']);
    await user.click(offered[1]);
    expect(screen.queryByTestId('empty-results')).not.toBeInTheDocument();
    expect(screen.getByTestId('result-count')).toHaveTextContent('1 product in clothing');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });
});

// Review finding #9: with a query the results came "Newest first". They now come by best match,
// and the sort says so; without a query there is nothing to match and "Best match" is not offered.
describe('the sort while searching', () => {
  test('a typed query sorts by "Best match", a title match first; the shopper may still choose another sort', async () => {
    const user = userEvent.setup();
    // The mug is newer, and only its description says "shirt".
    const mug = { ...MUG, description: 'Goes with any shirt.', updatedAt: '2026-11-20T00:00:00.000Z' };
    const shirt = { ...SHIRT, updatedAt: '2026-01-01T00:00:00.000Z' };
    render(
      <MemoryRouter initialEntries={['/store']}>
        <CatalogueBrowser catalogue={[shirt, mug]} />
      </MemoryRouter>,
    );
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveDisplayValue('Newest first');
    expect(within(sort).queryByRole('option', { name: 'Best match' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'shirt');
    await vi.waitFor(() => expect(sort).toHaveDisplayValue('Best match'));
    const titles = () => screen.getAllByTestId('product-card').map((c) => within(c).getByRole('heading').textContent);
    expect(titles()).toEqual(['Studio Shirt', 'Studio Mug']);

    await user.selectOptions(sort, 'Newest first');
    expect(sort).toHaveDisplayValue('Newest first');
    expect(titles()).toEqual(['Studio Mug', 'Studio Shirt']);
  });
});

// Review finding #26: "tshrit" found nothing and suggested nothing. A typo now offers the query
// corrected from the catalogue's own words, as a link that finds the products, and a few products.
describe('a typo', () => {
  test('offers "Did you mean", whose link fills the search and finds the products', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/store?q=shrit']}>
        <CatalogueBrowser catalogue={[SHIRT, MUG]} />
      </MemoryRouter>,
    );
    const suggestion = screen.getByTestId('search-suggestion');
    expect(suggestion).toHaveTextContent('Did you mean shirt?');
    const link = within(suggestion).getByRole('link', { name: 'shirt' });
    expect(link).toHaveAttribute('href', '/store?q=shirt');
    const offered = within(screen.getByRole('list', { name: 'New in the store' })).getAllByTestId('product-card');
    expect(offered).toHaveLength(2);

    await user.click(link);
    expect(screen.queryByTestId('empty-results')).not.toBeInTheDocument();
    expect(screen.getByTestId('result-count')).toHaveTextContent('1 product matching "shirt"');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('shirt');
  });

  test('"black shirt" finds the shirt sold in black, the words not side by side', () => {
    render(
      <MemoryRouter initialEntries={['/store?q=black+shirt']}>
        <CatalogueBrowser catalogue={[SHIRT, MUG]} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('result-count')).toHaveTextContent('1 product matching "black shirt"');
  });
});
