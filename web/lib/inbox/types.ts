// What the lead service's /api/inbox/ answers hold (its OpenAPI document names them Inbox*).

import type { FormsContent } from "@/lib/content";

export type Role = "viewer" | "sales" | "admin";

export type StaffUser = { id: number; email: string; name: string; role: Role };

export type Session = { user: StaffUser; csrf: string; idle_minutes: number };

/** A stretch of a field's text, `match` where a search term was found. */
export type Segment = { text: string; match: boolean };

export type LeadStatus = "new" | "contacted" | "qualified" | "won" | "lost";

export type Person = { id: number; name: string };

/** Where the sales team has a lead; a change names the version it was made on. */
export type Work = {
  spam: boolean;
  status: LeadStatus;
  owner: Person | null;
  version: number;
  first_response_at: string | null;
  response_seconds: number | null;
};

/** A lead's work as a change left it, or as a colleague's change left it (null: erased). */
export type LeadWork = { id: number; work: Work | null };

/** A text a note had until its author corrected it. */
export type NoteRevision = { body: string; replaced_at: string };

export type Note = {
  id: number;
  author: Person;
  created_at: string;
  /** The last correction; null: never corrected. */
  edited_at: string | null;
  body: string;
  /** The texts each correction replaced, oldest first. */
  revisions: NoteRevision[];
  editable: boolean;
};

export type LeadRow = {
  id: number;
  received: string;
  form: string;
  name: string;
  company: string | null;
  email: string;
  page: string | null;
  spam: boolean;
  notified: boolean;
  status: LeadStatus;
  owner: Person | null;
  version: number;
  highlight?: Record<string, Segment[]>;
};

export type LeadPage = { leads: LeadRow[]; next: string | null; counts: Record<string, number> | null };

export type ChannelState = {
  state: "sent" | "failed" | "dead" | "pending" | "not_configured";
  at?: string;
  error?: string | null;
  next_attempt_at?: string;
};

export type Notification = {
  id: number;
  status: "pending" | "delivered" | "dead";
  attempts: number;
  queued_at: string;
  next_attempt_at: string | null;
  delivered_at: string | null;
  last_error: string | null;
  channels: Record<string, ChannelState>;
};

export type Lead = {
  id: number;
  form: string;
  form_title: string;
  received: string;
  page: string | null;
  spam: boolean;
  fields: { field: string; label: string; value: string | null }[];
  notification: Notification | null;
  work: Work;
  notes: Note[];
  /** Where the visit began, for a visitor who allowed analytics. */
  attribution: Partial<Record<AttributionKey, string>> | null;
  /** When its retention period ends; null when leads are kept until erased. */
  purge_after: string | null;
};

/** The keys of a lead's attribution, as forms.json names them. */
export type AttributionKey = keyof FormsContent["attribution"];

export type AuditEvent = {
  id: number;
  at: string;
  actor_id: number | null;
  action: string;
  lead: { id: number } | null;
  detail: Record<string, string | number | boolean | null>;
};

export type AuditPage = {
  events: AuditEvent[];
  users: Record<string, { email: string; name: string }>;
  actions: string[];
  next: number | null;
};

/** The service's error answers: validation errors by field, or one description. */
export type ApiError = { errors?: Record<string, string[] | Record<string, string[]>>; description?: string };

/** What an erasure removed, per kind, and when the same address was erased before (null: never). */
export type ErasureReceipt = {
  removed: { contact: number; quote: number; notes: number; notifications: number; keys: number };
  erased_before: string | null;
};

/** A count under a label: a source, a landing page, or "Other" for the rest. */
export type DashboardCount = { label: string; count: number };

/** The dashboard's figures over its period, spam left out (lead_service/inbox/reports/dashboard.py). */
export type Dashboard = {
  since: string;
  until: string;
  days: number;
  forms: { name: string; title: string }[];
  /** Every day of the period, oldest first, with its leads by form name. */
  daily: { day: string; counts: Record<string, number> }[];
  total: number;
  sources: DashboardCount[];
  landing_pages: DashboardCount[];
  response: {
    /** The leads answered, or whose working day has passed unanswered. */
    counted: number;
    in_time: number;
    share: number | null;
    answered: number;
    median_seconds: number | null;
  };
};
