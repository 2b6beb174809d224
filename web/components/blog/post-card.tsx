import { paths } from "@/lib/routes";

import { PageLink } from "../ui/page-link";
import { Picture } from "../ui/picture";
import { PostMeta } from "./post-meta";
import type { PostSummary } from "./post-summary";

// No hooks here: the server renders it for the All view, the client filter for a category.
/** A blog post teaser; the title link covers the whole card. */
export function PostCard({ post, featured = false, priority = false }: { post: PostSummary; featured?: boolean; priority?: boolean }) {
  return (
    <article
      data-post-id={post.id}
      data-category={post.category}
      className={`group relative flex h-full overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-navy/10 transition hover:-translate-y-1 hover:shadow-xl hover:shadow-navy/10 motion-reduce:transform-none ${
        featured ? "flex-col lg:flex-row" : "flex-col"
      }`}
    >
      <div className={`relative overflow-hidden bg-surface ${featured ? "lg:w-3/5" : ""}`}>
        <Picture
          src={post.image}
          alt={post.imageAlt}
          width={1200}
          height={800}
          priority={priority}
          className="aspect-[3/2] h-full w-full object-cover transition duration-500 group-hover:scale-105 motion-reduce:transform-none"
        />
      </div>
      <div className={`flex flex-1 flex-col p-6 sm:p-8 ${featured ? "lg:justify-center lg:p-10" : ""}`}>
        <p className="w-fit rounded-full bg-amber/15 px-3 py-1 text-xs font-semibold tracking-wide text-amber-700 uppercase">
          {post.category}
        </p>
        <h3 className={`mt-4 font-bold tracking-tight text-navy ${featured ? "text-2xl sm:text-3xl" : "text-xl"}`}>
          <PageLink
            href={paths.blogPost(post.id)}
            className="after:absolute after:inset-0 after:rounded-3xl group-hover:text-navy-700 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-amber"
          >
            {post.title}
          </PageLink>
        </h3>
        <p className={`mt-3 leading-relaxed text-ink/80 ${featured ? "text-lg" : ""}`}>{post.excerpt}</p>
        <div className="mt-auto pt-6">
          <PostMeta author={post.author} date={post.date} displayDate={post.displayDate} readTime={post.readTime} />
        </div>
      </div>
    </article>
  );
}
