import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header';
import { Section } from '../../components/ui/section';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { QueryError } from '../../components/errors/query-error';
import { BLOG_FEED_PATH, PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { usePosts } from '../../features/blog/api/get-posts';
import { Pagination } from '../../features/blog/components/pagination';
import { PostList } from '../../features/blog/components/post-list';
import '../../features/blog/blog.css';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function Component() {
  const [params] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const tag = params.get('tag') || undefined;
  const posts = usePosts({ page, tag });
  usePageMeta({
    title: tag ? `Blog posts tagged ${tag}` : PAGE_META.blog.title,
    description: PAGE_META.blog.description,
  });

  const hrefFor = (p: number) => {
    const next = new URLSearchParams();
    if (tag) next.set('tag', tag);
    if (p > 1) next.set('page', String(p));
    const qs = next.toString();
    return qs ? `/blog?${qs}` : '/blog';
  };

  return (
    <>
      <PageHeader
        eyebrow="Blog"
        title="Notes from the studio"
        lead="What we learn building websites, stores and web applications: performance, accessibility, e-commerce and process."
      />
      <Section compact label="Posts" container="narrow">
        {tag && (
          <p className="filter-note">
            Showing posts tagged <strong>#{tag}</strong>. <Link to="/blog">Show all posts</Link>
          </p>
        )}
        {posts.isPending && <LoadingScreen />}
        {posts.isError && (
          <QueryError title="The blog could not be loaded." error={posts.error} onRetry={() => void posts.refetch()} />
        )}
        {posts.isSuccess && (
          <>
            {posts.data.posts.length === 0 ? (
              <p>
                No posts here yet. <Link to="/blog">See all posts</Link>.
              </p>
            ) : (
              <PostList posts={posts.data.posts} />
            )}
            <Pagination page={page} pageCount={Math.ceil(posts.data.total / posts.data.pageSize)} hrefFor={hrefFor} />
          </>
        )}
        {/* A document the API serves, not an SPA route: a plain link. */}
        <p className="blog-feed">
          <a href={BLOG_FEED_PATH}>Follow the blog by RSS</a>
        </p>
      </Section>
    </>
  );
}
