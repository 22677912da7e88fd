import { Link } from 'react-router-dom';
import { BLOG_FEED_PATH, PAGE_META } from '@shop/shared/pages';
import { PageHeader } from '../../components/ui/page-header';
import { Section } from '../../components/ui/section';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { QueryError } from '../../components/errors/query-error';
import { usePageMeta } from '../../hooks/use-page-meta';
import { usePosts } from '../../features/blog/api/get-posts';
import { FeedAddress, useFeedUrl } from '../../features/blog/components/feed-address';
import { formatPostDate } from '../../features/blog/components/post-meta';
import '../../features/blog/blog.css';

/** How many of the newest posts the page lists: what a new reader gets first. */
const LATEST_POSTS = 5;

// The blog's feed is for feed readers; opened in a browser it shows its code (a stylesheet, XSLT,
// was ruled out: docs/promises.md). This page is what "Follow the blog" opens instead: what a
// feed is, its address to copy, how to add it in the common readers, and the latest posts.
export function Component() {
  usePageMeta(PAGE_META.blogFollow);
  const feedUrl = useFeedUrl();
  const posts = usePosts({ page: 1 });
  const encoded = encodeURIComponent(feedUrl);

  return (
    <>
      <PageHeader
        eyebrow="Blog"
        title="Follow the blog"
        lead="The blog has a feed: a feed reader checks it for you and shows each new post as it is published. No sign-up, no e-mail, and you can stop whenever you like."
      />
      <Section compact label="The feed" container="narrow">
        <FeedAddress />
        <h2 className="feed-readers__title">Add it to your feed reader</h2>
        <ul className="feed-readers">
          <li>
            <strong>Feedly</strong> (web, phone):{' '}
            <a href={`https://feedly.com/i/subscription/feed/${encoded}`} rel="noopener">
              follow the blog in Feedly
            </a>
            .
          </li>
          <li>
            <strong>Inoreader</strong> (web, phone):{' '}
            <a href={`https://www.inoreader.com/?add_feed=${encoded}`} rel="noopener">
              follow the blog in Inoreader
            </a>
            .
          </li>
          <li>
            <strong>NetNewsWire</strong> (Mac, iPhone), <strong>Thunderbird</strong> and most other readers: add a new
            feed and paste the address above.
          </li>
        </ul>
        <p className="feed-readers__note">
          The feed itself is at <a href={BLOG_FEED_PATH}>{BLOG_FEED_PATH}</a>; a browser shows its code, a reader shows
          the posts.
        </p>
      </Section>
      <Section compact label="Latest posts" container="narrow">
        <h2>Latest posts</h2>
        {posts.isPending && <LoadingScreen />}
        {posts.isError && (
          <QueryError title="The posts could not be loaded." error={posts.error} onRetry={() => void posts.refetch()} />
        )}
        {posts.isSuccess && (
          <ul className="feed-latest">
            {posts.data.posts.slice(0, LATEST_POSTS).map((post) => (
              <li key={post.slug}>
                <Link to={`/blog/${post.slug}`}>{post.title}</Link>
                <time dateTime={post.date}>{formatPostDate(post.date)}</time>
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to="/blog">All posts</Link>
        </p>
      </Section>
    </>
  );
}
