import { useState } from 'react';
import {
  type OrderCancelBody,
  type OrderChange as OrderChangeRequest,
  type ShopperAddress,
  type ShopperOrder,
  type ShopperSecondChance,
} from '@shop/shared/schemas';
import { isApiError } from '../../../lib/api-client';
import { useChangeOrder } from '../api/change-order';
import { AddressChange } from './order-address-change';
import { VariantChange, type ChangeableLine } from './order-line-change';

// Changing an order within the grace period (docs/after-payment.md#changing-an-order-within-the-grace-period),
// on the confirmation page and the order lookup: a line's size or colour swapped for another at
// the price paid, or the address corrected within the same country and state. The server decides;
// its sentence is shown as it is, and the page reads the order again after every answer. Loaded
// lazily (order-change-gate.tsx), only for an order that can still change.

export interface OrderChangeProps {
  /** The order as the page names it: its checkout session, or its number with the e-mail or the link's key. */
  target: OrderCancelBody;
  items: ReadonlyArray<ChangeableLine>;
  /** The currency the order was paid in, which `unitPrice` is in (docs/rules.md#local-prices). */
  currency?: string;
  secondChance?: ShopperSecondChance;
  address: ShopperAddress | null;
  /** After a change: the order as the answer gives it, or nothing when the page must read it again. */
  onChanged?: (order?: ShopperOrder) => void;
  /** The section's heading level: 3 inside an order card whose own heading is a level 2. */
  headingLevel?: 2 | 3;
}

type Notice = { kind: 'done' | 'refused'; text: string; where: string };

function failureText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 429) return 'Too many tries in a short time. Please wait a minute and try again.';
    if (error.status >= 400 && error.status < 500) return error.message;
  }
  return 'Your change could not be sent just now; nothing has changed. Please try again in a moment.';
}

export default function OrderChange({
  target,
  items,
  currency,
  secondChance,
  address,
  onChanged,
  headingLevel = 2,
}: OrderChangeProps) {
  const Title = headingLevel === 3 ? 'h3' : 'h2';
  const change = useChangeOrder();
  const [notice, setNotice] = useState<Notice | null>(null);
  // Which form sent the change in flight: only its button says it is saving.
  const [sending, setSending] = useState<string | null>(null);
  const choices = secondChance?.lineChoices ?? [];

  function save(where: string, request: OrderChangeRequest) {
    setSending(where);
    setNotice(null);
    change.mutate(
      { order: target, basedOn: secondChance?.changes ?? 0, change: request },
      {
        onSuccess: (answer) => {
          setNotice({ kind: 'done', text: answer.message, where });
          onChanged?.(answer.order);
        },
        onError: (error) => {
          setNotice({ kind: 'refused', text: failureText(error), where });
          // Refused because the order moved on (changed elsewhere, gone to print): show it as it is.
          onChanged?.();
        },
        onSettled: () => setSending(null),
      },
    );
  }

  const refusal = (where: string) =>
    notice?.kind === 'refused' &&
    notice.where === where && (
      <div className="callout callout--error" role="alert" data-testid="order-change-error">
        <p>{notice.text}</p>
      </div>
    );

  return (
    <section className="order-change" aria-labelledby="order-change-title" data-testid="order-change">
      <Title id="order-change-title" className="order-change__title">
        Change your order
      </Title>
      <p>Until it goes to print you can swap a size or colour at the same price, or correct the address.</p>
      <div role="status" aria-live="polite" className="order-change__status">
        {notice?.kind === 'done' && (
          <div className="callout callout--success" data-testid="order-change-result">
            <p>{notice.text}</p>
          </div>
        )}
      </div>
      {items.map((item, index) => (
        // Keyed by the line's variant: once it changes, the line's form starts afresh.
        <div key={`${index}-${item.size}-${item.color}`}>
          <VariantChange
            index={index}
            item={item}
            currency={currency}
            choices={choices[index] ?? []}
            busy={sending === `line-${index}`}
            onSave={(request) => save(`line-${index}`, request)}
          />
          {refusal(`line-${index}`)}
        </div>
      ))}
      {address && (
        <>
          <AddressChange
            key={[address.address1, address.address2, address.city, address.zip].join('|')}
            address={address}
            busy={sending === 'address'}
            onSave={(request) => save('address', request)}
            Heading={headingLevel === 3 ? 'h4' : 'h3'}
          />
          {refusal('address')}
        </>
      )}
    </section>
  );
}
