// The All view of /blog: one featured post, three trending, up to six latest, in content order.
export const TRENDING_COUNT = 3;
export const LATEST_MAX = 6;

export function blogGroups<Post>(posts: readonly Post[]) {
  return {
    featured: posts.slice(0, 1),
    trending: posts.slice(1, 1 + TRENDING_COUNT),
    latest: posts.slice(1 + TRENDING_COUNT, 1 + TRENDING_COUNT + LATEST_MAX),
  };
}
