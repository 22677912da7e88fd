import { Link } from 'react-router-dom';
import type { BlogPostSummary } from '@shop/shared/schemas';
import { PostMeta } from './post-meta';
import '../blog.css';

export function PostList({ posts }: { posts: BlogPostSummary[] }) {
  return (
    <ul className="post-list">
      {posts.map((post) => (
        <li key={post.slug} className="card post-card">
          <h2 className="post-card__title">
            <Link to={`/blog/${post.slug}`}>{post.title}</Link>
          </h2>
          <PostMeta post={post} />
          <p>{post.summary}</p>
        </li>
      ))}
    </ul>
  );
}
