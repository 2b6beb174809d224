import type { Metadata } from "next";

import { NotFoundMessage } from "@/components/not-found/not-found-message";
import { paths } from "@/lib/routes";

// DECISIONS.md: a not-found screen is titled "Page Not Found".
export const metadata: Metadata = { title: "Page Not Found" };

// Next.js requires a default export for not-found files.
export default function BlogPostNotFound() {
  return <NotFoundMessage message="Blog post not found." backHref={paths.blog} backLabel="Back to Blog" />;
}
