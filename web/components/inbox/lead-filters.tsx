import { getForms } from "@/lib/content";
import { inbox } from "@/lib/content/inbox";
import { inboxPaths } from "@/lib/inbox/paths";
import type { Person } from "@/lib/inbox/types";

import { FiltersToggle } from "./filters-toggle";
import { InboxLink } from "./inbox-link";
import { OwnerOptions } from "./owner-options";
import { StatusOptions } from "./status-options";
import { SearchBox } from "./search-box";

// The filters besides the search, as the Filters button counts them.
const FILTERS = ["form", "from", "to", "spam", "status", "owner", "new_for", "by"];

/** The list's filters: a plain GET form, so that a view is its URL and can be shared. The search
 * first; on a phone, the others behind a button. */
export function LeadFilters({ query, owners }: { query: URLSearchParams; owners: Person[] }) {
  const forms = getForms().forms;
  const set = FILTERS.filter((name) => query.get(name)).length;
  return (
    <form method="get" action={inboxPaths.leads} className="flex flex-wrap items-end gap-3" role="search">
      <SearchBox value={query.get("q") ?? ""} query={query.toString()} />
      <FiltersToggle set={set}>
        <label className="inbox-label">
          Form
          <select name="form" defaultValue={query.get("form") ?? ""} className="inbox-input">
            <option value="">Every form</option>
            {Object.entries(forms).map(([name, form]) => (
              <option key={name} value={name}>
                {form.title}
              </option>
            ))}
          </select>
        </label>
        <label className="inbox-label">
          From
          <input type="date" name="from" defaultValue={query.get("from") ?? ""} className="inbox-input" />
        </label>
        <label className="inbox-label">
          To
          <input type="date" name="to" defaultValue={query.get("to") ?? ""} className="inbox-input" />
        </label>
        <label className="inbox-label">
          Spam
          <select name="spam" defaultValue={query.get("spam") ?? ""} className="inbox-input">
            <option value="">Hidden</option>
            <option value="only">Only spam</option>
            <option value="include">Shown too</option>
          </select>
        </label>
        <label className="inbox-label">
          Status
          <select name="status" defaultValue={query.get("status") ?? ""} className="inbox-input">
            <option value="">Any</option>
            <StatusOptions />
          </select>
        </label>
        <label className="inbox-label">
          Owner
          <select name="owner" defaultValue={query.get("owner") ?? ""} className="inbox-input">
            <option value="">Anyone</option>
            <option value="none">Nobody</option>
            <OwnerOptions owners={owners} />
          </select>
        </label>
        <label className="inbox-label">
          Still new after (hours)
          <input
            type="number"
            name="new_for"
            min={1}
            max={inbox.limits.maxNewForHours}
            inputMode="numeric"
            defaultValue={query.get("new_for") ?? ""}
            className="inbox-input w-28"
          />
        </label>
        <label className="inbox-label">
          Rows
          <select name="by" defaultValue={query.get("by") ?? ""} className="inbox-input">
            <option value="">Every lead</option>
            <option value="person">One per person</option>
          </select>
        </label>
        <button type="submit" className="inbox-button">
          Apply
        </button>
        <InboxLink href={inboxPaths.leads} className="inbox-link self-center">
          Clear
        </InboxLink>
      </FiltersToggle>
    </form>
  );
}
