import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import type { BlogPost } from '@shop/shared/schemas';
import { PostMeta } from './post-meta';

export function PostArticle({ post }: { post: BlogPost }) {
  // The API already sanitises; sanitising again here means the page never trusts HTML it inserts.
  const html = useMemo(() => DOMPurify.sanitize(post.html), [post.html]);
  return (
    <article className="post" aria-labelledby="post-title">
      <header className="page-header page-header--post">
        <div className="container narrow">
          <p className="eyebrow">Blog</p>
          <h1 id="post-title">{post.title}</h1>
          <p className="page-header__lead">{post.summary}</p>
          <PostMeta post={post} />
        </div>
      </header>
      <div className="container narrow prose" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
