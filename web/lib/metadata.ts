import type { Metadata } from "next";

import { getSite } from "@/lib/content";

/** Title, description, canonical URL and Open Graph for one page. `title` undefined = home. */
export function pageMetadata({
  title,
  description,
  path,
}: {
  title?: string;
  description: string;
  path: string;
}): Metadata {
  const site = getSite();
  return {
    // Without a title the key stays out, so the layout's default (the product name) applies.
    ...(title ? { title } : {}),
    description,
    alternates: { canonical: path },
    openGraph: {
      type: "website",
      siteName: site.name,
      title: title ? `${title} - ${site.name}` : site.name,
      description,
      url: path,
      locale: "en_US",
      // A page's openGraph replaces the layout's, so the site card (app/opengraph-image) is named again.
      images: [{ url: "/opengraph-image", width: 1200, height: 630, alt: `${site.name}: ${site.tagline}` }],
    },
    twitter: { card: "summary_large_image" },
  };
}
