"use client";

import { useChange } from "@/lib/inbox/use-change";

import { FormNotice } from "../form-notice";

type Props = { csrf: string; order: number[]; index: number; name: string };

/** A rule moved one place up or down: the whole order goes, so that a rule added or removed since
 * the page was loaded is refused rather than misplaced. */
export function RuleOrder({ csrf, order, index, name }: Props) {
  const { notice, change } = useChange(csrf);

  function move(by: -1 | 1) {
    const moved = order.filter((_, at) => at !== index);
    moved.splice(index + by, 0, order[index] ?? 0);
    void change((api) =>
      api.POST("/api/inbox/assignment/rules/order", {
        body: { rule_ids: moved },
      }),
    );
  }

  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className="inbox-button"
        disabled={index === 0}
        onClick={() => move(-1)}
        aria-label={`Move ${name} up`}
      >
        Up
      </button>
      <button
        type="button"
        className="inbox-button"
        disabled={index === order.length - 1}
        onClick={() => move(1)}
        aria-label={`Move ${name} down`}
      >
        Down
      </button>
      <FormNotice notice={notice} />
    </div>
  );
}
