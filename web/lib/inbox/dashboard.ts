// The dashboard's arithmetic and wording, apart from its drawing (components/inbox/dashboard/).

/** A count axis from 0: its top, a whole number of steps of 1, 2 or 5 times a power of ten (at
 * least 1: counts are whole), about `ticks` of them. */
export function countAxis(max: number, ticks = 4): { top: number; step: number } {
  if (max <= 0) return { top: 1, step: 1 };
  const rough = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((times) => times * magnitude).find((size) => size >= rough) ?? rough);
  return { top: Math.ceil(max / step) * step, step };
}

/** The axis's tick values, 0 to `top`. */
export function axisTicks({ top, step }: { top: number; step: number }): number[] {
  return Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
}

export type Segment = { name: string; start: number; count: number };

/** A day's bar: each form's count stacked on those before it, in the forms' order (none for 0). */
export function stack(counts: Record<string, number>, names: readonly string[]): Segment[] {
  const segments: Segment[] = [];
  let start = 0;
  for (const name of names) {
    const count = counts[name] ?? 0;
    if (count > 0) segments.push({ name, start, count });
    start += count;
  }
  return segments;
}

/** The sum of a day's counts. */
export function dayTotal(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

const DAY = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });
const DATE = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", dateStyle: "medium" });

/** A UTC day (YYYY-MM-DD) as "3 Mar", or with its year, "3 Mar 2026". */
export function formatDay(day: string, withYear = false): string {
  return (withYear ? DATE : DAY).format(new Date(`${day}T00:00:00Z`));
}

/** The positions of the days that start a month, where the axis is labelled (the first day when
 * none does). */
export function monthStarts(days: readonly string[]): number[] {
  const starts = days.flatMap((day, index) => (day.endsWith("-01") ? [index] : []));
  return starts.length ? starts : days.length ? [0] : [];
}

/** A share of a whole as a whole percentage ("87%"), or an en dash when there is no whole. */
export function formatShare(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((100 * part) / whole)}%` : "–";
}

/** A duration as a person says it: "under a minute", "42 min", "3 h 5 min", "2 d 4 h". */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return hours % 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h` : `${Math.floor(hours / 24)} d`;
}

/** A label cut to `max` characters, with an ellipsis when it was longer. */
export function shorten(label: string, max: number): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}
