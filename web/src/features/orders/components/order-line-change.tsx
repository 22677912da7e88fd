import { useId, useState, type FormEvent } from 'react';
import { type LineChoice, type OrderChange as OrderChangeRequest, type ShopperOrderItem } from '@shop/shared/schemas';
import { variantWords } from '@shop/shared/domain/product';
import { formatPrice } from '../../../lib/catalog/format-price';

// One line's size or colour swapped for another at the price paid, within the grace period
// (order-change.tsx holds the section and sends the change).

/** What the page shows of a line it offers to change. */
export type ChangeableLine = Pick<ShopperOrderItem, 'name' | 'size' | 'color' | 'quantity' | 'unitPrice'>;

const choiceKey = (choice: Pick<LineChoice, 'size' | 'color'>) => `${choice.size}\u0000${choice.color}`;
const choiceWords = (choice: Pick<LineChoice, 'size' | 'color'>) => variantWords(choice);

export function VariantChange({
  index,
  item,
  currency = 'USD',
  choices,
  busy,
  onSave,
}: {
  index: number;
  item: ChangeableLine;
  /** The currency the order was paid in, which `unitPrice` is in; a choice's price is in dollars. */
  currency?: string;
  choices: LineChoice[];
  busy: boolean;
  onSave: (change: OrderChangeRequest) => void;
}) {
  const id = useId();
  const [picked, setPicked] = useState('');
  const [missing, setMissing] = useState(false);
  const selectable = choices.filter((c) => c.samePrice);
  if (choices.length === 0) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const choice = selectable.find((c) => choiceKey(c) === picked);
    if (!choice) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSave({ kind: 'variant', line: index, size: choice.size, color: choice.color });
  }

  return (
    <form className="order-change__line" noValidate onSubmit={submit} data-testid="order-change-line">
      <div className="field">
        <label htmlFor={`${id}-variant`}>
          Change size or colour: {item.name} <span className="order-change__now">(now {choiceWords(item)})</span>
        </label>
        <select
          id={`${id}-variant`}
          value={picked}
          onChange={(e) => setPicked(e.target.value)}
          aria-invalid={missing}
          aria-describedby={`${id}-hint${missing ? ` ${id}-error` : ''}`}
        >
          <option value="">Choose a size or colour</option>
          {choices.map((choice) => (
            <option key={choiceKey(choice)} value={choiceKey(choice)} disabled={!choice.samePrice}>
              {choice.samePrice
                ? choiceWords(choice)
                : `${choiceWords(choice)}${currency === 'USD' ? `: ${formatPrice(choice.price, 'USD')}` : ''}, another price (not available as a change)`}
            </option>
          ))}
        </select>
        <p id={`${id}-hint`} className="field__hint">
          {selectable.length > 0
            ? `Only sizes and colours at the price you paid (${formatPrice(item.unitPrice, currency)}) can be swapped. For another price, cancel and order again.`
            : 'No other size or colour is sold at the price you paid. For another price, cancel and order again.'}
        </p>
        {missing && (
          <p id={`${id}-error`} className="field__error">
            Choose the size or colour you want instead.
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary" disabled={busy || selectable.length === 0}>
        {busy ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}
