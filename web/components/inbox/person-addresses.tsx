import { formatTime } from "@/lib/inbox/format";
import { inboxPaths } from "@/lib/inbox/paths";
import type { Lead, Suggestion } from "@/lib/inbox/types";

import { InboxLink } from "./inbox-link";
import { PersonMergeForm } from "./person-merge-form";
import { PostButton } from "./post-button";

const WHY: Record<Suggestion["why"][number], string> = {
  phone: "same phone",
  name_and_company: "same name and company",
};

type Props = {
  id: number;
  person: Lead["person"];
  suggestions: Suggestion[];
  /** The session's token, for those who may merge (sales and admins); none for a viewer. */
  csrf?: string;
};

/** The addresses the lead's person wrote from, the merges that joined them (each undone with one
 * press), and others who may be the same person, merged with one press or by a lead's number. */
export function PersonAddresses({ id, person, suggestions, csrf }: Props) {
  return (
    <section aria-labelledby="addresses-heading" className="space-y-3">
      <h2 id="addresses-heading" className="text-lg font-semibold text-navy">
        Their addresses
      </h2>
      <ul className="space-y-1">
        {person.addresses.map((address) => (
          <li key={address} data-address={address} className="break-all">
            {address}
          </li>
        ))}
      </ul>
      {person.merges.map((merge) => (
        <div key={merge.id} data-merge={merge.id} className="space-y-2 rounded-lg bg-white p-3">
          <p className="text-sm text-muted">
            Merged by {merge.merged_by.name}, {formatTime(merge.merged_at)}: {merge.addresses.join(", ")}
          </p>
          {csrf ? (
            <PostButton change={{ kind: "undoMerge", merge: merge.id }} csrf={csrf} label="Undo merge" busyLabel="Undoing…" />
          ) : null}
        </div>
      ))}
      {suggestions.length > 0 ? (
        <>
          <h3 className="font-semibold text-navy">Maybe the same person</h3>
          <ul className="space-y-2" aria-label="Maybe the same person">
            {suggestions.map((other) => (
              <li key={other.lead_id} data-suggestion={other.lead_id} className="space-y-2 rounded-lg bg-white p-3">
                <p>
                  <InboxLink href={inboxPaths.lead(other.lead_id)} className="inbox-link">
                    {other.name}
                  </InboxLink>
                  {other.company ? `, ${other.company}` : ""} <span className="break-all">· {other.email}</span>{" "}
                  <span className="text-muted">· {other.why.map((why) => WHY[why]).join(", ")}</span>
                </p>
                {csrf ? (
                  <PostButton
                    change={{ kind: "merge", lead: id, other: other.lead_id }}
                    csrf={csrf}
                    label="Merge"
                    busyLabel="Merging…"
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {csrf ? <PersonMergeForm id={id} csrf={csrf} /> : null}
    </section>
  );
}
