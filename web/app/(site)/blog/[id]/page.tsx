import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { BreadcrumbJsonLd } from "@/components/detail/breadcrumb-json-ld";
import { BlogArticle } from "@/components/blog/blog-article";
import { BlogPostingJsonLd } from "@/components/blog/blog-posting-json-ld";
import { PostNavigation } from "@/components/blog/post-navigation";
import { getBlog, getBlogPost } from "@/lib/content";
import { pageMetadata } from "@/lib/metadata";
import { paths } from "@/lib/routes";
import { sections } from "@/lib/sections";

type Props = { params: Promise<{ id: string }> };

// Every post page has this same title, not the post's own.
const TITLE = "Blog Post";

// Only these ids are pages; proxy.ts answers a page load of any other with its not-found screen.
export const dynamicParams = false;

export function generateStaticParams() {
  return getBlog().posts.map((post) => ({ id: String(post.id) }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = getBlogPost((await params).id);
  if (!post) notFound();
  return pageMetadata({
    title: TITLE,
    description: post.excerpt,
    path: paths.blogPost(post.id),
    feed: true,
    card: true,
    article: { publishedTime: post.date, author: post.author },
  });
}

export default async function BlogPostPage({ params }: Props) {
  const post = getBlogPost((await params).id);
  if (!post) notFound();
  // Content order; previous and next stop at the ends instead of wrapping, unlike other detail pages.
  const posts = getBlog().posts;
  const index = posts.indexOf(post);
  return (
    <>
      <BlogArticle post={post} />
      <PostNavigation previous={posts[index - 1]} next={posts[index + 1]} />
      <BlogPostingJsonLd post={post} />
      <BreadcrumbJsonLd section={sections.blog} name={post.title} path={paths.blogPost(post.id)} />
    </>
  );
}
