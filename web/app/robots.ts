import type { MetadataRoute } from "next";

import { getSite } from "@/lib/content";

export default function robots(): MetadataRoute.Robots {
  const origin = getSite().url;
  return {
    rules: { userAgent: "*", allow: "/", disallow: "/api/" },
    sitemap: `${origin}/sitemap.xml`,
    host: origin,
  };
}
