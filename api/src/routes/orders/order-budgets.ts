// The one budget a client's changes and cancellations share (docs/limits.md): a change, its undoing
// and a cancel count together, so trying proofs on all three is no faster than on one.
export const ORDER_CHANGE_BUDGET = 'order-changes';
