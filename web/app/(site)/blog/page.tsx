import type { Metadata } from "next";

import { BlogFilter } from "@/components/blog/blog-filter";
import { BlogGroupsSections } from "@/components/blog/blog-groups-sections";
import { summarize } from "@/components/blog/post-summary";
import { PageHero } from "@/components/ui/page-hero";
import { getBlog } from "@/lib/content";
import { pageMetadata } from "@/lib/metadata";
import { paths } from "@/lib/routes";
import { sections } from "@/lib/sections";

export const metadata: Metadata = pageMetadata({
  title: sections.blog.title,
  description: getBlog().page.intro,
  path: paths.blog,
  feed: true,
});

export default function BlogPage() {
  const blog = getBlog();
  const posts = blog.posts.map(summarize);
  return (
    <>
      <PageHero eyebrow="Blog" title={blog.page.heading} intro={blog.page.intro} />
      <BlogFilter categories={blog.categories} posts={posts} emptyMessage="No posts in this category yet.">
        <BlogGroupsSections posts={posts} />
      </BlogFilter>
    </>
  );
}
