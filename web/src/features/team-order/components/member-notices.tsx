import type { TeamOrderLinkView } from '@shop/shared/schemas';
import { variantWords } from '@shop/shared/domain/product';

// What the member page says of the visitor's own line: that they are in, with what; or, once they
// withdrew, that they have left (docs/rules.md#team-orders).

export function MyLine({ view }: { view: TeamOrderLinkView }) {
  const me = view.me!;
  const product = view.products.find((p) => p.id === me.productId);
  return (
    <div className="callout callout--success team-order__mine" role="status" data-testid="team-order-mine">
      <p>
        You are in, {me.name}: {product?.title ?? 'your choice'}, {variantWords(me)}.
        {me.email ? ` We will write to ${me.email} when it ships.` : ''}
      </p>
    </div>
  );
}

/** Said once the colleague withdrew, until they join again. */
export function LeftNotice({ view }: { view: TeamOrderLinkView }) {
  return (
    <div className="callout" role="status" data-testid="team-order-left">
      <p>
        You have left the team order: your line is off {view.leadName}&apos;s list.
        {view.state === 'open' ? ' Changed your mind? Join again below while it is open.' : ''}
      </p>
    </div>
  );
}
