// How the inbox writes times, counts and deliveries: times in UTC, as the service stores and
// filters them.

import type { ChannelState } from "./types";

const TIME = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", dateStyle: "medium", timeStyle: "short" });

/** "26 Nov 2026, 07:51 UTC". */
export function formatTime(iso: string): string {
  return `${TIME.format(new Date(iso))} UTC`;
}

const DAY = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short", year: "numeric" });

/** A UTC day, "2026-12-03", as "Thu 3 Dec 2026". */
export function formatDay(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}

/** Where an e-mail (or a webhook's call) stands, as a sentence: "Sent 26 Nov 2026, 07:51 UTC". */
export function formatDelivery({ state, at, error, next_attempt_at: next }: ChannelState): string {
  switch (state) {
    case "sent":
      return at ? `Sent ${formatTime(at)}` : "Sent";
    case "failed":
      return `Failed: ${error ?? "no reason given"}${next ? `. Next try ${formatTime(next)}` : ""}`;
    case "dead":
      return `Gave up: ${error ?? "no reason given"}`;
    case "pending":
      return "Waiting to be sent";
    case "not_configured":
      return "Not set up";
  }
}

const MONTH = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", month: "short", year: "numeric" });

/** A month, "2027-01", as "Jan 2027". */
export function formatMonth(month: string): string {
  return MONTH.format(new Date(`${month}-01T00:00:00Z`));
}

/** How many minor units a currency's major one holds, as a power of ten: 2 for USD, 0 for JPY. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount kept in a currency's minor units, as a person reads it: 1250000 USD is "$12,500.00". */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat("en", { style: "currency", currency }).format(minor / 10 ** minorDigits(currency));
}

const SIZE = new Intl.NumberFormat("en", { maximumFractionDigits: 1 });

/** A file's size in bytes as a person reads it: "820 bytes", "2 KB", "1.4 MB" (1 KB = 1,024 bytes). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  if (bytes < 1024 * 1024) return `${SIZE.format(bytes / 1024)} KB`;
  return `${SIZE.format(bytes / (1024 * 1024))} MB`;
}

// The service counts a search's matches, and the new leads since a page loaded, up to one past
// this, and every other count up to one past LIST_COUNT_CAP: to say "more than" without counting all.
const COUNT_CAP = 100;
const LIST_COUNT_CAP = 10_000;

/** A count as the list's tabs show it: a search's (`capped`) up to "100+", any other up to "10,000+". */
export function formatCount(count: number, capped: boolean): string {
  const cap = capped ? COUNT_CAP : LIST_COUNT_CAP;
  return count > cap ? `${cap.toLocaleString("en")}+` : count.toLocaleString("en");
}

/** A URL's query from the page's search parameters, only those named, each once. */
export function pickQuery(
  params: Record<string, string | string[] | undefined>,
  names: readonly string[],
): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of names) {
    const raw = params[name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value) query.set(name, value);
  }
  return query;
}

/** `query` with `changes` made (undefined removes a parameter), as an inbox list URL. */
export function withQuery(path: string, query: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(query);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) next.delete(name);
    else next.set(name, value);
  }
  const search = next.toString();
  return search ? `${path}?${search}` : path;
}
