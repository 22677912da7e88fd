import { Link } from 'react-router-dom';
import type { BlogPostSummary } from '@shop/shared/schemas';
import { readingTimeLabel } from '@shop/shared/domain/blog';
import '../blog.css';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

export function formatPostDate(date: string): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`));
}

/** Date, author, reading time and tags of a post; each tag links to the list filtered by it. */
export function PostMeta({ post }: { post: BlogPostSummary }) {
  return (
    <div className="post-meta">
      <p>
        <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.author}{' '}
        <span className="post-meta__reading">{readingTimeLabel(post.readingMinutes)}</span>
      </p>
      {post.tags.length > 0 && (
        <ul className="tag-list" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag}>
              <Link className="tag tag--link" to={`/blog?tag=${encodeURIComponent(tag)}`}>
                #{tag}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
