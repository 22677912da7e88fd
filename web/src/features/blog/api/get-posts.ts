import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogListResponseSchema, type BlogListResponse } from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

export interface PostsParams {
  page: number;
  tag?: string;
}

export function getPosts({ page, tag }: PostsParams, signal?: AbortSignal): Promise<BlogListResponse> {
  return api.get('/blog', { query: { page, tag }, schema: blogListResponseSchema, signal });
}

export const postsQueryOptions = (params: PostsParams) =>
  queryOptions({ queryKey: ['blog', 'posts', params], queryFn: ({ signal }) => getPosts(params, signal) });

export function usePosts(params: PostsParams) {
  return useQuery(postsQueryOptions(params));
}
