// The refund form's fields and the sentence each one shows, shared by the form and its checks.

export type RefundField = 'amount' | 'reason' | 'note' | 'tellCustomer';
export type RefundProblems = Partial<Record<RefundField, string>>;
const REFUND_FIELDS: readonly RefundField[] = ['amount', 'reason', 'note', 'tellCustomer'];

/** Each field's first sentence, from the browser's check or the API's `details.fields`. */
export function refundProblemsOf(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
): RefundProblems {
  const problems: RefundProblems = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as RefundField;
    if (REFUND_FIELDS.includes(field)) problems[field] ??= issue.message;
  }
  return problems;
}
