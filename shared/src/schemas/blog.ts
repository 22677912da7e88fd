import { z } from 'zod';

// Blog posts are Markdown files in content/blog; the API lists them and renders one to HTML.

/** A slug is lower-case words joined by single hyphens, as the file names are. */
export const blogSlugSchema = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'A slug is lower-case letters and digits joined by single hyphens' });
export const blogTagSchema = z
  .string()
  .max(40)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'A tag is lower-case letters and digits joined by single hyphens' });

export const blogSlugParamsSchema = z.object({ slug: blogSlugSchema });

export const blogListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  tag: blogTagSchema.optional(),
});
export type BlogListQuery = z.infer<typeof blogListQuerySchema>;

/** A post's cover: an image of the site at BLOG_COVER_SIZE, described for those who cannot see it. */
export const blogCoverSchema = z.object({
  src: z.string().regex(/^\/[\w./-]+$/, { error: 'A cover is a path on this site, such as /images/blog/post.svg' }),
  alt: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type BlogCover = z.infer<typeof blogCoverSchema>;

export const blogPostSummarySchema = z.object({
  slug: blogSlugSchema,
  title: z.string().min(1),
  /** Publication date, YYYY-MM-DD. */
  date: z.iso.date(),
  tags: z.array(blogTagSchema),
  summary: z.string().min(1),
  author: z.string().min(1),
  /** Whole minutes at READING_WORDS_PER_MINUTE, at least 1 (readingMinutes). */
  readingMinutes: z.number().int().min(1),
  cover: blogCoverSchema.optional(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogListResponseSchema = z.object({
  posts: z.array(blogPostSummarySchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type BlogListResponse = z.infer<typeof blogListResponseSchema>;

export const blogPostSchema = blogPostSummarySchema.extend({
  /** Sanitised HTML rendered from the post's Markdown. */
  html: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;
