// Cart totals (docs/rules.md#states-and-transitions: recomputed after each change).

export interface CartTotals {
  /** Number of lines. */
  itemCount: number;
  /** Sum of quantities. */
  totalItems: number;
  /** Sum of price x quantity, in currency units rounded to cents. */
  totalPrice: number;
}

/** Rounds to cents; EPSILON keeps 1.005 from rounding down through its binary representation. */
export function roundToCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

export function cartTotals(lines: ReadonlyArray<{ price: number; quantity: number }>): CartTotals {
  // Summed in whole cents so that many lines never accumulate floating-point drift.
  const cents = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0);
  return {
    itemCount: lines.length,
    totalItems: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalPrice: roundToCents(cents / 100),
  };
}
