import { blogFeed, FEED_TYPE } from "@/lib/blog-feed";

// Written at build time from the content, as the pages are: no request renders it.
export const dynamic = "force-static";

export function GET() {
  return new Response(blogFeed(), { headers: { "content-type": `${FEED_TYPE}; charset=utf-8` } });
}
