import { Link, useParams } from 'react-router-dom';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { NotFound } from '../../components/errors/not-found';
import { QueryError } from '../../components/errors/query-error';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../hooks/use-page-meta';
import { isApiError } from '../../lib/api-client';
import { usePost } from '../../features/blog/api/get-post';
import { PostArticle } from '../../features/blog/components/post-article';
import '../../features/blog/blog.css';

/** A slug the API refuses (400) or does not know (404) is, to a reader, a post that does not exist. */
const isMissing = (error: Error) =>
  isApiError(error) && (error.code === 'not-found' || error.code === 'invalid-argument');

export function Component() {
  const { slug = '' } = useParams();
  const post = usePost(slug);
  const missing = post.isError && isMissing(post.error);
  usePageMeta({
    title: post.data?.title ?? (missing ? PAGE_META.blogPostMissing.title : PAGE_META.blogPost.title),
    description: post.data?.summary ?? PAGE_META.blogPost.description,
    noindex: missing ? true : undefined,
  });

  if (post.isPending) return <LoadingScreen />;
  if (post.isError) {
    if (missing) {
      return (
        <NotFound
          title={PAGE_META.blogPostMissing.title}
          text={PAGE_META.blogPostMissing.description}
          backTo={{ href: '/blog', label: 'See all posts' }}
        />
      );
    }
    return (
      <div className="container narrow section">
        <QueryError title="This post could not be loaded." error={post.error} onRetry={() => void post.refetch()} />
      </div>
    );
  }
  return (
    <>
      <PostArticle post={post.data} />
      <nav className="container narrow post-footer" aria-label="More from the blog">
        <Link to="/blog" className="text-link">
          ← All posts
        </Link>
        <Link to="/contact/quote" className="button button--primary">
          Talk to us about your project
        </Link>
      </nav>
    </>
  );
}
