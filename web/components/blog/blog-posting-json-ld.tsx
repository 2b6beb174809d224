import type { BlogPost } from "@/lib/content";
import { getSite } from "@/lib/content";
import { paths } from "@/lib/routes";

import { JsonLd } from "../ui/json-ld";

/** schema.org BlogPosting, so that search engines can show the post's headline, date and author. */
export function BlogPostingJsonLd({ post }: { post: BlogPost }) {
  const site = getSite();
  const data = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    datePublished: post.date,
    author: { "@type": "Person", name: post.author },
    image: new URL(post.image, site.url).href,
    url: new URL(paths.blogPost(post.id), site.url).href,
    mainEntityOfPage: new URL(paths.blogPost(post.id), site.url).href,
    articleSection: post.category,
    publisher: { "@type": "Organization", name: site.name, url: site.url },
  };
  return <JsonLd data={data} />;
}
