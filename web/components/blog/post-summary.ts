import type { BlogPost } from "@/lib/content";

/** What a post card needs: plain data, so the client filter can receive it as props. */
export type PostSummary = Pick<BlogPost, "id" | "title" | "excerpt" | "author" | "date" | "image" | "readTime" | "category"> & {
  /** The date as shown, e.g. "Nov 4, 2026". */
  displayDate: string;
  imageAlt: string;
};

// UTC so that a date-only string never shifts a day with the server's or visitor's time zone.
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "2026-11-04" -> "Nov 4, 2026". */
export function formatPostDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

export function imageAlt(post: Pick<BlogPost, "title">): string {
  return `Illustration for the article “${post.title}”`;
}

export function summarize(post: BlogPost): PostSummary {
  const { id, title, excerpt, author, date, image, readTime, category } = post;
  return { id, title, excerpt, author, date, image, readTime, category, displayDate: formatPostDate(date), imageAlt: imageAlt(post) };
}
