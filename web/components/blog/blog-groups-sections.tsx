import { Section, SectionHeading } from "../ui/section";
import { blogGroups } from "./blog-groups";
import { PostCard } from "./post-card";
import { PostGrid } from "./post-grid";
import type { PostSummary } from "./post-summary";

/** The All view of /blog: Featured Post, Trending and Latest Posts. */
export function BlogGroupsSections({ posts }: { posts: PostSummary[] }) {
  const { featured, trending, latest } = blogGroups(posts);
  return (
    <>
      {featured.length > 0 && (
        <Section name="featured" className="pt-4! sm:pt-8!">
          <SectionHeading title="Featured Post" align="left" />
          <div className="mt-10">
            {featured.map((post) => (
              <PostCard key={post.id} post={post} featured priority />
            ))}
          </div>
        </Section>
      )}
      {trending.length > 0 && (
        <Section name="trending" tone="surface">
          <SectionHeading title="Trending" align="left" />
          <PostGrid posts={trending} />
        </Section>
      )}
      {latest.length > 0 && (
        <Section name="latest">
          <SectionHeading title="Latest Posts" align="left" />
          <PostGrid posts={latest} />
        </Section>
      )}
    </>
  );
}
