import type { BlogPost } from "@/lib/content";
import { paths } from "@/lib/routes";

import { Container } from "../ui/container";
import { PageLink } from "../ui/page-link";

function NavCard({ post, direction }: { post: BlogPost; direction: "previous" | "next" }) {
  const next = direction === "next";
  return (
    <PageLink
      href={paths.blogPost(post.id)}
      rel={next ? "next" : "prev"}
      data-post-nav={direction}
      className={`group flex h-full flex-col gap-2 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy/10 transition hover:shadow-lg hover:ring-amber/50 sm:p-8 ${
        next ? "sm:items-end sm:text-right" : ""
      }`}
    >
      <span className="text-sm font-semibold tracking-wider text-amber-700 uppercase">
        {next ? (
          <>
            Next post <span aria-hidden="true">&rarr;</span>
          </>
        ) : (
          <>
            <span aria-hidden="true">&larr;</span> Previous post
          </>
        )}
      </span>
      <span className="text-lg font-semibold text-navy group-hover:text-navy-700">{post.title}</span>
    </PageLink>
  );
}

/** Previous and next posts in content order; absent at either end, no wrap-around. */
export function PostNavigation({ previous, next }: { previous?: BlogPost; next?: BlogPost }) {
  return (
    <section data-section="post-navigation" className="bg-surface py-12 sm:py-16">
      <Container className="max-w-5xl!">
        <nav aria-label="More posts">
          <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6">
            {previous && (
              <li>
                <NavCard post={previous} direction="previous" />
              </li>
            )}
            {next && (
              <li className="sm:col-start-2">
                <NavCard post={next} direction="next" />
              </li>
            )}
          </ul>
        </nav>
      </Container>
    </section>
  );
}
