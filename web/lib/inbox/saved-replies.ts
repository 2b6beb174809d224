// A saved reply made this lead's: the fields its text may name, filled in on the server before the
// lead's page offers it, for the writer to read and change before sending.

import type { Lead } from "./types";

export type ReplyValues = { name: string; first_name: string; company: string; form: string; sender: string };

// Only these: any other braces in a saved reply are text the writer meant.
const FIELD = /\{(name|first_name|company|form|sender)\}/g;

/** The saved reply's text with each field it names filled in. */
export function fillSavedReply(body: string, values: ReplyValues): string {
  return body.replace(FIELD, (_, key: keyof ReplyValues) => values[key]);
}

/** What a saved reply may name, of `lead` and of the member of staff writing to it. */
export function replyValues(lead: Lead, sender: string): ReplyValues {
  const field = (name: string) => lead.fields.find((found) => found.field === name)?.value?.trim() ?? "";
  const name = field("name");
  return { name, first_name: name.split(/\s+/)[0] ?? "", company: field("company"), form: lead.form_title, sender };
}
