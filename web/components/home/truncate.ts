/** Testimonial reviews on the home page are cut to this many characters. */
export const REVIEW_CUT = 128;

/** Cuts `text` at `limit` characters, trims the cut and ends it with an ellipsis; shorter text is kept as is. */
export function truncateReview(text: string, limit: number = REVIEW_CUT): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit).trim()}…`;
}
