/**
 * A data table's caption (for screen readers; the section heading names it on screen) and its
 * column headings, written the same way in every table on the site.
 */
export function TableHeading({ caption, columns }: { caption: string; columns: readonly string[] }) {
  return (
    <>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}
