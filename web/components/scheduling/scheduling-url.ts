import type { Scheduling } from "@/lib/content";

/**
 * The inline booking page's address: colours, the prefilled answer and campaign tags from
 * content, plus the embedding host, as the scheduling provider's inline embed expects.
 */
export function schedulingUrl(scheduling: Pick<Scheduling, "url" | "colors" | "prefill" | "utm">, siteUrl: string): string {
  const url = new URL(scheduling.url);
  const params: Record<string, string> = {
    ...scheduling.colors,
    ...scheduling.prefill,
    ...scheduling.utm,
    embed_domain: new URL(siteUrl).host,
    embed_type: "Inline",
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}
