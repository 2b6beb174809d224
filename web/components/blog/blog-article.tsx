import type { BlogPost } from "@/lib/content";
import { paths } from "@/lib/routes";

import { Container } from "../ui/container";
import { PageLink } from "../ui/page-link";
import { Picture } from "../ui/picture";
import { PostMeta } from "./post-meta";
import { formatPostDate, imageAlt } from "./post-summary";

/** One blog post: back link, title, byline, image and the article body. */
export function BlogArticle({ post }: { post: BlogPost }) {
  return (
    <section data-section="article" className="bg-white">
      <article>
        <header className="relative overflow-hidden bg-navy pt-(--header-height) text-white">
          <div aria-hidden="true" className="absolute -top-24 -right-24 size-96 bg-radial from-amber/15 to-transparent to-70%" />
          <div aria-hidden="true" className="absolute -bottom-32 -left-16 size-80 bg-radial from-teal/20 to-transparent to-70%" />
          <Container className="relative max-w-3xl! pt-10 pb-40 sm:pt-14 sm:pb-52">
            <PageLink
              href={paths.blog}
              className="inline-flex items-center gap-2 text-sm font-semibold text-white/80 hover:text-amber"
              data-back-link
            >
              <span aria-hidden="true">&larr;</span> Back to Blog
            </PageLink>
            <p className="mt-8 w-fit rounded-full bg-amber/20 px-3 py-1 text-xs font-semibold tracking-wide text-amber uppercase">
              {post.category}
            </p>
            <h1 className="mt-4 text-3xl leading-tight font-bold tracking-tight sm:text-5xl">{post.title}</h1>
            <div className="mt-6">
              <PostMeta
                author={post.author}
                date={post.date}
                displayDate={formatPostDate(post.date)}
                readTime={post.readTime}
                tone="dark"
              />
            </div>
          </Container>
        </header>
        <Container className="max-w-5xl!">
          <Picture
            src={post.image}
            alt={imageAlt(post)}
            width={1200}
            height={800}
            priority
            className="relative -mt-32 aspect-[3/2] w-full rounded-3xl object-cover shadow-2xl shadow-navy/20 ring-1 ring-navy/10 sm:-mt-44"
          />
        </Container>
        <Container className="max-w-3xl! pt-6 pb-16 sm:pb-24">
          {/* Trusted site content from shared_content/blog.json; a content test allows only a few safe tags. */}
          <div className="article" dangerouslySetInnerHTML={{ __html: post.content }} />
        </Container>
      </article>
    </section>
  );
}
