import type { Metadata, Viewport } from "next";

import { FEED_TYPE } from "@/lib/blog-feed";
import { getSite } from "@/lib/content";
import { BLOG_FEED_PATH } from "@/lib/routes";

/**
 * Title, description, canonical URL and Open Graph for one page. `title` undefined = home. `feed`:
 * the head announces the blog's feed (the blog's pages). `article`: a post's, shared as an article
 * with its date and author. `card`: the page has a card of its own (its segment's opengraph-image),
 * which the head names instead of the site's.
 */
export function pageMetadata({
  title,
  description,
  path,
  feed = false,
  article,
  card = false,
}: {
  title?: string;
  description: string;
  path: string;
  feed?: boolean;
  article?: { publishedTime: string; author: string };
  card?: boolean;
}): Metadata {
  const site = getSite();
  const siteCardAlt = `${site.name}: ${site.tagline}`;
  return {
    // Without a title the key stays out, so the layout's default (the product name) applies.
    ...(title ? { title } : {}),
    description,
    alternates: {
      canonical: path,
      ...(feed ? { types: { [FEED_TYPE]: [{ url: BLOG_FEED_PATH, title: `${site.name} blog` }] } } : {}),
    },
    openGraph: {
      ...(article
        ? { type: "article", publishedTime: article.publishedTime, authors: [article.author] }
        : { type: "website" }),
      siteName: site.name,
      title: title ? `${title} - ${site.name}` : site.name,
      description,
      url: path,
      locale: "en_US",
      // A page's openGraph replaces the layout's, so the site card (app/opengraph-image) is named again.
      ...(card ? {} : { images: [{ url: "/opengraph-image", width: 1200, height: 630, alt: siteCardAlt }] }),
    },
    twitter: { card: "summary_large_image" },
  };
}

const site = getSite();

/** The public pages' metadata defaults (their layout's, and the global not-found page's). */
export const siteMetadata = {
  // Canonical and Open Graph URLs resolve against the public origin, not the container's host.
  metadataBase: new URL(site.url),
  title: { default: site.name, template: `%s - ${site.name}` },
  description: site.description,
  applicationName: site.name,
} satisfies Metadata;

export const siteViewport: Viewport = { themeColor: "#14213d" };
