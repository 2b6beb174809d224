export function Stars({ count, max = 5 }: { count: number; max?: number }) {
  return (
    <span role="img" className="flex gap-0.5" aria-label={`${count} out of ${max} stars`} data-stars={count}>
      {Array.from({ length: max }, (_, index) => (
        <svg
          key={index}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`size-5 ${index < count ? "text-amber" : "text-navy/15"}`}
          fill="currentColor"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
}
