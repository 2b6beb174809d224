import type { KeyboardEvent } from "react";

import { inboxPaths } from "@/lib/inbox/paths";
import { formatDay, formatMoney } from "@/lib/inbox/format";
import type { Card, Stage } from "@/lib/inbox/types";

import { InboxLink } from "../inbox-link";

type Props = {
  card: Card;
  stage: Stage;
  stages: readonly Stage[];
  busy: boolean;
  // Whether the reader may move it: a viewer reads the board only.
  movable: boolean;
  onMove: (to: Stage) => void;
  onDragStart: () => void;
};

/**
 * An open deal on the board: who, what it is worth, whose it is and when it should close. Moved by
 * dragging it to a column, by the left and right arrows while it has the focus, or by its stage
 * list (the way on a phone, and for any keyboard).
 */
export function DealCard({ card, stage, stages, busy, movable, onMove, onDragStart }: Props) {
  const place = stages.findIndex((held) => held.id === stage.id);

  function keyed(event: KeyboardEvent<HTMLLIElement>) {
    if (!movable || event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    const to = step === undefined ? undefined : stages[place + step];
    if (!to) return;
    event.preventDefault();
    onMove(to);
  }

  return (
    <li
      data-card={card.lead_id}
      tabIndex={movable ? 0 : undefined}
      draggable={movable && !busy}
      aria-busy={busy}
      aria-describedby={movable ? "board-keys" : undefined}
      aria-label={`${card.name}, ${formatMoney(card.value_minor, card.currency)}`}
      onKeyDown={keyed}
      onDragStart={(event) => {
        event.dataTransfer.setData("text/plain", String(card.lead_id));
        event.dataTransfer.effectAllowed = "move";
        onDragStart();
      }}
      className="space-y-1 rounded border border-slate-300 bg-white p-3 shadow-sm focus:outline-2 focus:outline-blue-700"
    >
      <InboxLink href={inboxPaths.lead(card.lead_id)} className="font-semibold underline">
        {card.name}
      </InboxLink>
      {card.company ? <p className="text-sm">{card.company}</p> : null}
      <p className="font-medium">{formatMoney(card.value_minor, card.currency)}</p>
      <p className="text-sm text-slate-700">
        {card.owner ? card.owner.name : "Nobody's yet"} · closes {formatDay(card.expected_close)}
      </p>
      {movable ? (
        <label className="inbox-label text-sm">
          Stage
          <select
            value={stage.id}
            disabled={busy}
            onChange={(event) => {
              const to = stages.find((held) => held.id === Number(event.target.value));
              if (to) onMove(to);
            }}
            className="inbox-input"
          >
            {stages.map((held) => (
              <option key={held.id} value={held.id}>
                {held.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </li>
  );
}
