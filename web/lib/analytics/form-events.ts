import type { FormName } from "@/lib/forms/config";

import type { TrackedEvent } from "./events";

/** What a lead form reports when the visitor presses submit, and when the lead is stored. */
export const FORM_EVENTS: Partial<Record<FormName, { submitPress: TrackedEvent; sent: TrackedEvent }>> = {
  contact: {
    submitPress: ["contact_us_click", { source: "header_modal" }],
    sent: ["contact_us_submit", { source: "header_modal" }],
  },
  quote: {
    submitPress: ["quotation_request_click", {}],
    sent: ["quotation_request_submit", {}],
  },
};
