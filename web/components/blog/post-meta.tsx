/** Byline of a post: initials, 'By' author, then date and read time. */
export function PostMeta({
  author,
  date,
  displayDate,
  readTime,
  tone = "light",
}: {
  author: string;
  date: string;
  displayDate: string;
  readTime: string;
  tone?: "light" | "dark";
}) {
  const dark = tone === "dark";
  const initials = author
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .slice(0, 2)
    .join("");
  return (
    <div className="flex items-center gap-3">
      <span
        aria-hidden="true"
        className={`grid size-10 shrink-0 place-items-center rounded-full text-sm font-bold ${dark ? "bg-amber text-navy" : "bg-navy text-amber"}`}
      >
        {initials}
      </span>
      <div className={`text-sm leading-snug ${dark ? "text-white/75" : "text-muted"}`}>
        <p>
          By <span className={`font-semibold ${dark ? "text-white" : "text-navy"}`}>{author}</span>
        </p>
        <p className="mt-0.5">
          <time dateTime={date}>{displayDate}</time>
          <span aria-hidden="true" className="mx-1.5">
            &middot;
          </span>
          <span>{readTime}</span>
        </p>
      </div>
    </div>
  );
}
