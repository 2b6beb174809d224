import type { SavedView } from "@/lib/inbox/types";

import { InboxLink } from "./inbox-link";
import { PostButton } from "./post-button";
import { SaveViewForm } from "./save-view-form";

type Props = { views: SavedView[]; query: URLSearchParams; csrf: string };

/** The views of the list the reader may open, each a link to its filters, and, when the list has
 * filters or a search set, the form that saves them as one. */
export function SavedViews({ views, query, csrf }: Props) {
  const current = query.toString();
  // The same filters in any order are the same view.
  const shown = [...query].sort().join("&");
  return (
    <section aria-labelledby="views-heading" className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <h2 id="views-heading" className="text-sm font-semibold text-navy">
        Saved views
      </h2>
      {views.length === 0 ? <p className="text-sm text-muted">None yet.</p> : null}
      <ul className="contents">
        {views.map((view) => (
          <li key={view.id} data-view={view.id} className="flex items-center gap-2">
            <InboxLink
              href={`/inbox?${view.query}`}
              className="inbox-tab"
              aria-current={[...new URLSearchParams(view.query)].sort().join("&") === shown ? "page" : undefined}
            >
              {view.name}
              {view.shared ? <span className="sr-only"> (shared by {view.owner.name})</span> : null}
            </InboxLink>
            {view.removable ? (
              <details>
                <summary className="inbox-link cursor-pointer text-sm">
                  <span className="sr-only">Remove {view.name}</span>
                  <span aria-hidden="true">×</span>
                </summary>
                <PostButton
                  change={{ kind: "removeView", view: view.id }}
                  csrf={csrf}
                  label="Remove view"
                  busyLabel="Removing…"
                />
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      {current ? (
        <details className="basis-full">
          <summary className="inbox-link cursor-pointer text-sm">Save this view</summary>
          <div className="mt-2">
            <SaveViewForm csrf={csrf} query={current} />
          </div>
        </details>
      ) : null}
    </section>
  );
}
