import type { MetadataRoute } from "next";

import { getSite } from "@/lib/content";

export default function robots(): MetadataRoute.Robots {
  const origin = getSite().url;
  return {
    // The staff inbox is never linked from the site; this keeps well-behaved crawlers out of it too.
    rules: { userAgent: "*", allow: "/", disallow: ["/api/", "/inbox"] },
    sitemap: `${origin}/sitemap.xml`,
    host: origin,
  };
}
