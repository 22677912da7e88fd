import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import DOMPurify from 'dompurify';
import type { BlogPost } from '@shop/shared/schemas';
import { PostCover } from './post-cover';
import { PostMeta } from './post-meta';

/**
 * A link of the post's text to a page of this site (the store, another post): followed by the
 * router, as any other link of the SPA, instead of loading the whole site again.
 */
function sitePath(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const anchor = (event.target as Element).closest('a');
  if (!anchor || anchor.target || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

export function PostArticle({ post }: { post: BlogPost }) {
  const navigate = useNavigate();
  // The API already sanitises; sanitising again here means the page never trusts HTML it inserts.
  const html = useMemo(() => DOMPurify.sanitize(post.html), [post.html]);
  const followSiteLink = (event: MouseEvent<HTMLElement>) => {
    const path = sitePath(event);
    if (path === null) return;
    event.preventDefault();
    void navigate(path);
  };
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
      {post.cover && (
        <figure className="container narrow post-hero">
          {/* The post's largest paint: fetched with the page, ahead of its scripts. */}
          <PostCover cover={post.cover} priority />
        </figure>
      )}
      {/* Clicks on the post's own links only; the links themselves stay focusable and keyboard-operable. */}
      <div className="container narrow prose" onClick={followSiteLink} dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
