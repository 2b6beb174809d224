// The words the inbox uses for the sales team's work on a lead.

import type { LeadStatus } from "./types";

export const STATUSES: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
};

function isStatus(value: string): value is LeadStatus {
  return Object.hasOwn(STATUSES, value);
}

/** The status a select sent, as the service names it; undefined for anything else (Keep: ""). */
export function chosenStatus(value: FormDataEntryValue | null): LeadStatus | undefined {
  return typeof value === "string" && isStatus(value) ? value : undefined;
}

/** Who may change a lead's status, owner and notes; the service checks the role itself. */
export const MAY_WORK = new Set(["sales", "admin"]);

/** "45 min", "3 h 12 min", "2 d 4 h": a wait as the sales team reads it. */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** The list's form for changing the leads chosen in it: their checkboxes name it (`form`). */
export const BULK_FORM = "bulk-work";

/** "12:3": a row's lead and the version the page shows, as its checkbox's value. */
export function chosenValue(id: number, version: number): string {
  return `${id}:${version}`;
}

export function chosenLead(value: FormDataEntryValue): { id: number; version: number } {
  const [id, version] = String(value).split(":");
  return { id: Number(id), version: Number(version) };
}
