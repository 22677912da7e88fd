// One category chip: its name and how many products it holds, the unit spelt out for screen
// readers (aria-label on a plain span is neither read nor valid). The same chip filters the grid
// and, under an empty result, offers a way out.

export function CategoryFacet({
  name,
  count,
  pressed,
  onClick,
}: {
  name: string;
  count: number;
  /** Whether it is the category chosen; left out where the chip only offers a category. */
  pressed?: boolean;
  onClick: () => void;
}) {
  return (
    <li>
      <button type="button" className="facet" aria-pressed={pressed} onClick={onClick}>
        <span>{name}</span>
        <span className="facet__count">
          {count}
          <span className="visually-hidden">{count === 1 ? ' product' : ' products'}</span>
        </span>
      </button>
    </li>
  );
}
