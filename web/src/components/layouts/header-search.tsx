/**
 * The store's search from every page's header: a magnifier that opens a field (a disclosure, so it
 * opens and closes without any script), and a plain GET form to /store with `q`, whose answer the
 * server renders with the results. No script of its own and as little markup as will do: it is in
 * every page's first script, which is held to its budget (docs/performance.md#performance-design).
 */
export function HeaderSearch() {
  return (
    <details className="header-search">
      <summary className="header-search__toggle" aria-label="Search the store" />
      <form className="header-search__form" role="search" action="/store" method="get">
        <input type="search" name="q" aria-label="Search all products" placeholder="T-shirt, mug, cap..." />
        <button type="submit" className="button button--primary button--small">
          Search
        </button>
      </form>
    </details>
  );
}
