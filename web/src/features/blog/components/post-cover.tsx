import type { BlogCover } from '@shop/shared/schemas';
import '../blog.css';

export interface PostCoverProps {
  cover: BlogCover;
  /**
   * The page's largest image (a post's hero, the list's first card): fetched at once and first.
   * Every other cover waits until it nears the screen.
   */
  priority?: boolean;
}

export function PostCover({ cover, priority = false }: PostCoverProps) {
  return (
    <img
      className="post-cover"
      src={cover.src}
      alt={cover.alt}
      width={cover.width}
      height={cover.height}
      loading={priority ? 'eager' : 'lazy'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
