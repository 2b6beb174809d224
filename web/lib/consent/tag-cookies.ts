/** First-party cookies the tags write: Google Analytics for analytics, the ads linker for marketing. */
const TAG_COOKIES = {
  analytics: /^(_ga|_ga_.+|_gid|_gat|_gat_.+)$/,
  marketing: /^(_gcl_.+|_gac_.+)$/,
} as const;

/** Every domain a tag may have set a cookie on: this host and each parent ("auto" picks the highest). */
function domains(hostname: string): string[] {
  const labels = hostname.split(".");
  return labels.length < 2 || /^[\d.]+$/.test(hostname)
    ? []
    : labels.slice(0, -1).map((_, index) => labels.slice(index).join("."));
}

/** Withdrawn consent removes what the tags stored, not only what they do next. */
export function removeTagCookies(kind: keyof typeof TAG_COOKIES): void {
  const names = document.cookie
    .split(";")
    .map((cookie) => cookie.split("=")[0]!.trim())
    .filter((name) => TAG_COOKIES[kind].test(name));
  for (const name of names) {
    document.cookie = `${name}=; Max-Age=0; path=/`;
    for (const domain of domains(window.location.hostname)) {
      document.cookie = `${name}=; Max-Age=0; path=/; domain=${domain}`;
    }
  }
}
