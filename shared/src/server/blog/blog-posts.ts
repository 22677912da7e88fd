import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { BLOG_COVER_SIZE } from '../../constants/index.js';
import { readingMinutes } from '../../domain/blog/index.js';
import {
  blogCoverSchema,
  blogSlugSchema,
  blogTagSchema,
  type BlogListResponse,
  type BlogPost,
  type BlogPostSummary,
} from '../../schemas/blog.js';

// Markdown posts with front matter, read once at start: by the API (its blog answers, page heads,
// sitemap and feed) and by the web build (the pre-rendered blog pages).

/** The repository's posts. */
export const BLOG_CONTENT_DIR = new URL('../../../../content/blog', import.meta.url);

const frontMatterSchema = z.object({
  title: z.string().min(1),
  // YAML turns an unquoted 2025-03-06 into a Date; a quoted one stays a string.
  date: z.union([z.date(), z.iso.date()]).transform((d) => (typeof d === 'string' ? d : d.toISOString().slice(0, 10))),
  tags: z.array(blogTagSchema).default([]),
  summary: z.string().min(1),
  author: z.string().min(1),
  /** Every cover is drawn at BLOG_COVER_SIZE, so only its path and description are written here. */
  cover: blogCoverSchema.pick({ src: true, alt: true }).optional(),
});

const marked = new Marked({ gfm: true });

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    img: ['src', 'alt', 'title', 'width', 'height'],
    code: ['class'],
    h2: ['id'],
    h3: ['id'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
};

/** Markdown to HTML that is safe to insert into the page. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false }), SANITIZE_OPTIONS);
}

async function readPost(file: string): Promise<BlogPost> {
  const source = await readFile(file, 'utf8');
  const { data, content } = matter(source);
  const slug = blogSlugSchema.safeParse(path.basename(file, '.md'));
  const front = frontMatterSchema.safeParse(data);
  // A broken post stops the API at start with the file named, rather than vanishing from the list.
  if (!slug.success)
    throw new Error(`Blog post file name ${file} is not a valid slug: ${slug.error.issues[0]?.message}`);
  if (!front.success) {
    throw new Error(
      `Blog post ${file} has invalid front matter: ${front.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const { cover, ...rest } = front.data;
  const html = renderMarkdown(content);
  return {
    slug: slug.data,
    ...rest,
    readingMinutes: readingMinutes(html),
    ...(cover ? { cover: { ...cover, ...BLOG_COVER_SIZE } } : {}),
    html,
  };
}

export interface BlogIndex {
  list(query: { page: number; tag?: string }): BlogListResponse;
  get(slug: string): BlogPost | undefined;
  /** Every post, newest first (sitemap, pre-rendering). */
  all(): BlogPost[];
}

/** Reads every *.md file of the directory; newest first, ties by slug for a stable order. */
export async function loadBlogIndex(dir: URL | string, pageSize: number): Promise<BlogIndex> {
  const root = typeof dir === 'string' ? dir : fileURLToPath(dir);
  const files = (await readdir(root)).filter((f) => f.endsWith('.md')).sort();
  const posts = await Promise.all(files.map((f) => readPost(path.join(root, f))));
  posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  const bySlug = new Map(posts.map((p) => [p.slug, p]));
  const summary = ({ html: _html, ...rest }: BlogPost): BlogPostSummary => rest;

  return {
    list({ page, tag }) {
      const matching = tag ? posts.filter((p) => p.tags.includes(tag)) : posts;
      const start = (page - 1) * pageSize;
      return { posts: matching.slice(start, start + pageSize).map(summary), page, pageSize, total: matching.length };
    },
    get: (slug) => bySlug.get(slug),
    all: () => [...posts],
  };
}
