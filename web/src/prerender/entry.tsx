import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { dehydrate } from '@tanstack/react-query';
import type { BlogListResponse, BlogPost } from '@shop/shared/schemas';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { postQueryOptions } from '../features/blog/api/get-post';
import { postsQueryOptions } from '../features/blog/api/get-posts';
import { createQueryClient } from '../lib/query-client';
import type { PrerenderState } from './prerender-state';

// Build-time rendering of the pages whose content is known at build (web/scripts/prerender.ts):
// the same routes and components as the SPA, with the blog's data put in the query cache first.

export interface PrerenderData {
  /** The first page of the blog list, as GET /api/blog answers it. */
  blogList: BlogListResponse;
  posts: BlogPost[];
}

export interface PrerenderedPage {
  html: string;
  state: PrerenderState;
}

export async function renderPage(path: string, data: PrerenderData, options: { notFound?: boolean } = {}): Promise<PrerenderedPage> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(postsQueryOptions({ page: 1 }).queryKey, data.blogList);
  for (const post of data.posts) queryClient.setQueryData(postQueryOptions(post.slug).queryKey, post);

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${path} redirects; it cannot be pre-rendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppProvider queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
  // Only what the page used: a post's page does not carry every other post.
  const used = dehydrate(queryClient);
  const queries = { ...used, queries: used.queries.filter((q) => isUsedBy(path, q.queryKey)) };
  return { html, state: { path, ...(path === '/blog' ? { search: '' } : {}), ...(options.notFound ? { notFound: true } : {}), queries } };
}

function isUsedBy(path: string, key: readonly unknown[]): boolean {
  if (key[0] !== 'blog') return false;
  if (key[1] === 'posts') return path === '/blog';
  return path === `/blog/${String(key[2])}`;
}
