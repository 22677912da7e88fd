import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/ui/page-header';
import { Section } from '../../components/ui/section';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { QueryError } from '../../components/errors/query-error';
import { BLOG_FOLLOW_PATH, PAGE_META } from '@shop/shared/pages';
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
        {/* Where a reader looks for it, above the posts (and again after them). The feed itself is
            for a feed reader (a browser shows its code), so the link opens the page that explains
            it and gives its address. */}
        <div className="blog-follow">
          <Link to={BLOG_FOLLOW_PATH} className="blog-follow__link">
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <circle cx="3" cy="13" r="2" />
              <path d="M1 6.5a8.5 8.5 0 0 1 8.5 8.5h-2.2A6.3 6.3 0 0 0 1 8.7zM1 1.5A13.5 13.5 0 0 1 14.5 15h-2.2A11.3 11.3 0 0 0 1 3.7z" />
            </svg>
            Follow the blog
          </Link>
          <p>Get each new post in your feed reader (NetNewsWire, Feedly, Inoreader and others), no sign-up.</p>
        </div>
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
        <p className="blog-feed">
          <Link to={BLOG_FOLLOW_PATH}>Follow the blog</Link>
        </p>
      </Section>
    </>
  );
}
