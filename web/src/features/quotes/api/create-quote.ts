import { useMutation } from '@tanstack/react-query';
import { quoteCreatedSchema, type QuoteCreated, type QuoteRequest } from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

export function createQuote(quote: QuoteRequest): Promise<QuoteCreated> {
  return api.post('/quotes', { body: quote, schema: quoteCreatedSchema });
}

export function useCreateQuote() {
  return useMutation({ mutationFn: createQuote });
}
