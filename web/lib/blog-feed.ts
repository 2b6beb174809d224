import { getBlog, getSite } from "@/lib/content";
import { BLOG_FEED_PATH, paths } from "@/lib/routes";

/** The feed's type, as its route answers it and the blog pages' heads announce it. */
export const FEED_TYPE = "application/rss+xml";

const ENTITIES: Record<string, string> = { "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" };

/** Text as XML character data: the five characters XML gives meaning to, escaped. */
function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${ENTITIES[c]};`);
}

/** A content date (YYYY-MM-DD) as RSS's RFC 822 date, at noon UTC so that it is that day everywhere. */
function rfc822(date: string): string {
  return new Date(`${date}T12:00:00Z`).toUTCString();
}

/**
 * The blog as RSS 2.0: every post, newest first, with its title, absolute link, date, summary and
 * author (Dublin Core's creator: RSS's own author element must be an e-mail address).
 */
export function blogFeed(): string {
  const site = getSite();
  const blog = getBlog();
  const posts = [...blog.posts].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  const [newest] = posts;
  const items = posts.map((post) => {
    const link = new URL(paths.blogPost(post.id), site.url).href;
    return [
      "    <item>",
      `      <title>${xml(post.title)}</title>`,
      `      <link>${xml(link)}</link>`,
      `      <guid isPermaLink="true">${xml(link)}</guid>`,
      `      <pubDate>${rfc822(post.date)}</pubDate>`,
      `      <dc:creator>${xml(post.author)}</dc:creator>`,
      `      <category>${xml(post.category)}</category>`,
      `      <description>${xml(post.excerpt)}</description>`,
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${xml(`${site.name} blog`)}</title>`,
    `    <link>${xml(new URL(paths.blog, site.url).href)}</link>`,
    `    <atom:link href="${xml(new URL(BLOG_FEED_PATH, site.url).href)}" rel="self" type="${FEED_TYPE}"/>`,
    `    <description>${xml(blog.page.intro)}</description>`,
    "    <language>en</language>",
    ...(newest ? [`    <lastBuildDate>${rfc822(newest.date)}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
