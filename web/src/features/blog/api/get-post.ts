import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogPostSchema, type BlogPost } from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

export function getPost(slug: string, signal?: AbortSignal): Promise<BlogPost> {
  return api.get(`/blog/${encodeURIComponent(slug)}`, { schema: blogPostSchema, signal });
}

export const postQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['blog', 'post', slug], queryFn: ({ signal }) => getPost(slug, signal) });

export function usePost(slug: string) {
  return useQuery(postQueryOptions(slug));
}
