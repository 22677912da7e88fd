import { Icon } from './icon';
import '../marketing.css';

/** A list with a tick before each item: what a package, offer, service or template includes. */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="check-list">
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={18} />
          {item}
        </li>
      ))}
    </ul>
  );
}
