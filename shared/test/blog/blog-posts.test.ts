import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { loadBlogIndex, renderMarkdown } from '../../src/server/blog/index.js';

const dirs: string[] = [];
function contentDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'blog-test-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const post = (front: string, body = 'Hello.') => `---\n${front}\n---\n\n${body}\n`;
const FRONT = 'title: A post\ndate: 2025-01-02\ntags: [news]\nsummary: Short.\nauthor: Someone';

describe('blog posts', () => {
  it('strips scripts, event handlers and javascript: links from the rendered HTML', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src="x.png" onerror="alert(2)">\n\n[click](javascript:alert(3))\n\n**bold**',
    );
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<img src="x.png" />');
  });

  it('sorts by date, newest first, and keeps a date written as a quoted string', async () => {
    const dir = contentDir({
      'older-post.md': post(FRONT.replace('2025-01-02', '2024-06-30')),
      'newer-post.md': post(FRONT.replace('2025-01-02', '"2025-02-01"')),
    });
    const index = await loadBlogIndex(dir, 10);
    expect(index.list({ page: 1 }).posts.map((p) => [p.slug, p.date])).toEqual([
      ['newer-post', '2025-02-01'],
      ['older-post', '2024-06-30'],
    ]);
  });

  it('refuses to start with a post whose front matter is incomplete, naming the file', async () => {
    const dir = contentDir({ 'broken-post.md': post('title: No date or author\nsummary: x') });
    await expect(loadBlogIndex(dir, 10)).rejects.toThrow(/broken-post\.md has invalid front matter: date/);
  });

  it('refuses a file name that is not a valid slug', async () => {
    const dir = contentDir({ 'Bad Name.md': post(FRONT) });
    await expect(loadBlogIndex(dir, 10)).rejects.toThrow(/not a valid slug/);
  });
});
