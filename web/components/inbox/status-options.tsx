import { STATUSES } from "@/lib/inbox/work";

/** A lead's statuses as a select's options, in their order. */
export function StatusOptions() {
  return Object.entries(STATUSES).map(([status, label]) => (
    <option key={status} value={status}>
      {label}
    </option>
  ));
}
