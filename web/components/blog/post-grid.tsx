import { PostCard } from "./post-card";
import type { PostSummary } from "./post-summary";

export function PostGrid({ posts }: { posts: PostSummary[] }) {
  return (
    <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}
