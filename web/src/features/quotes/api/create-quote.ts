import { useMutation } from '@tanstack/react-query';
import {
  QUOTE_IDEMPOTENCY_HEADER,
  quoteCreatedSchema,
  type QuoteCreated,
  type QuoteRequest,
} from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

/** `submissionKey` names one submission: sending it again (after an error) never stores a second quote. */
export function createQuote({
  quote,
  submissionKey,
}: {
  quote: QuoteRequest;
  submissionKey: string;
}): Promise<QuoteCreated> {
  return api.post('/quotes', {
    body: quote,
    headers: { [QUOTE_IDEMPOTENCY_HEADER]: submissionKey },
    schema: quoteCreatedSchema,
  });
}

export function useCreateQuote() {
  return useMutation({ mutationFn: createQuote });
}
