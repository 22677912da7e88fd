import { Link } from 'react-router-dom';
import type { BlogPostSummary } from '@shop/shared/schemas';
import { PostCover } from './post-cover';
import { PostMeta } from './post-meta';
import '../blog.css';

export function PostList({ posts }: { posts: BlogPostSummary[] }) {
  return (
    <ul className="post-list">
      {posts.map((post, index) => (
        <li key={post.slug} className="card post-card">
          {post.cover && (
            <figure className="post-card__cover">
              {/* The first card is on screen when the page opens; the others load as they near it. */}
              <PostCover cover={post.cover} priority={index === 0} />
            </figure>
          )}
          <div className="post-card__body">
            <h2 className="post-card__title">
              <Link to={`/blog/${post.slug}`}>{post.title}</Link>
            </h2>
            <PostMeta post={post} />
            <p>{post.summary}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
