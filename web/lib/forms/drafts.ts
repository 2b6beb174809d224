import type { Attempt } from "./lead-request";
import type { FormValues } from "./rules";

/**
 * What a visitor has typed into a lead form and not yet sent, kept in this tab's sessionStorage so
 * that a reload, a closed dialog or the back button loses none of it; with the submission last
 * tried, so that sending it again after a reload reuses its Idempotency-Key. It never leaves the
 * browser before the visitor sends the form, and goes when the form is sent (docs/consent.md).
 */
export type Draft = { values: FormValues; attempt?: Attempt };

const draftKey = (form: string) => `leadDraft:${form}`;

/** The draft this tab keeps for the form, or null. It was written by this page, in this tab: only
 * what the form holds (text) is taken from it. */
export function readDraft(form: string): Draft | null {
  try {
    const draft: Draft | null = JSON.parse(window.sessionStorage.getItem(draftKey(form)) ?? "null");
    return typeof draft?.values === "object" ? draft : null;
  } catch {
    return null; // storage blocked, or not JSON
  }
}

/** Keeps the draft, or forgets it when there is nothing (null). */
export function writeDraft(form: string, draft: Draft | null): void {
  try {
    if (draft) {
      window.sessionStorage.setItem(draftKey(form), JSON.stringify(draft));
    } else {
      window.sessionStorage.removeItem(draftKey(form));
    }
  } catch {
    // Storage blocked or full: the form works on without a draft.
  }
}

/** The draft's values in the fields still empty: what the visitor typed before the page could
 * read the draft (before hydration) stays. */
export function withDraft(current: FormValues, draft: FormValues): FormValues {
  return Object.fromEntries(
    Object.entries(current).map(([name, value]) => [name, value || (typeof draft[name] === "string" ? draft[name] : "")]),
  );
}
