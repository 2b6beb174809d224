"use client";

import { useEffect, useRef, useState } from "react";

import { inbox } from "@/lib/content/inbox";
import { columnOf, placed } from "@/lib/inbox/board";
import { answerOf, inboxApi } from "@/lib/inbox/client";
import { formatMoney } from "@/lib/inbox/format";
import { inboxPaths } from "@/lib/inbox/paths";
import type { BoardColumn, Card, LostReason, Stage } from "@/lib/inbox/types";

import { InboxLink } from "../inbox-link";
import { DealCard } from "./deal-card";
import { LostReasonDialog } from "./lost-reason-dialog";

type Props = {
  /** The session's token, for those who may move a card (sales and admins); none for a viewer. */
  csrf?: string;
  columns: BoardColumn[];
  stages: Stage[];
  lostReasons: LostReason[];
};

/**
 * The board: a column per stage, each open deal a card. A card moves on the version it was read at;
 * when someone else moved it first, it is shown where they put it, and so said, and nothing else
 * changes. Each move is announced; on a phone the columns are swiped one at a time.
 */
export function DealBoard({ csrf, columns: read, stages, lostReasons }: Props) {
  const [columns, setColumns] = useState(read);
  const [busy, setBusy] = useState<number>();
  const [askLost, setAskLost] = useState<{ card: Card; to: Stage }>();
  const [dragged, setDragged] = useState<number>();
  const [over, setOver] = useState<number>();
  const [said, setSaid] = useState("");
  const [alert, setAlert] = useState("");
  // The card just moved: the focus goes to it in its new column once it is drawn there (the element
  // that had the focus went with its old column).
  const keepFocus = useRef<number>(undefined);

  useEffect(() => {
    if (keepFocus.current === undefined) return;
    document.querySelector<HTMLElement>(`[data-card="${keepFocus.current}"]`)?.focus();
    keepFocus.current = undefined;
  }, [columns]);

  async function move(card: Card, to: Stage, lostReasonId: number | null = null) {
    const from = columnOf(columns, card.lead_id)?.stage;
    if (csrf === undefined || !from || from.id === to.id || busy !== undefined) return;
    if (to.outcome === "lost" && lostReasonId === null) {
      setAskLost({ card, to });
      return;
    }
    setBusy(card.lead_id);
    setSaid("");
    setAlert("");
    const answer = await answerOf(
      inboxApi(csrf).POST("/api/inbox/leads/{lead_id}/deal/stage", {
        params: { path: { lead_id: card.lead_id } },
        body: { version: card.version, stage_id: to.id, lost_reason_id: lostReasonId },
      }),
    );
    setBusy(undefined);
    if (answer.ok) {
      setColumns((now) => placed(now, card, answer.data));
      setSaid(`${card.name} moved to ${answer.data.stage.name}.`);
      keepFocus.current = answer.data.stage.outcome ? undefined : card.lead_id;
    } else if (answer.status === 409 && answer.error && "deal" in answer.error) {
      const fresh = answer.error.deal ?? null;
      setColumns((now) => placed(now, card, fresh));
      setAlert(
        fresh
          ? `Someone else moved ${card.name} first: it is in ${fresh.stage.name} now. Your move was not made.`
          : `${card.name} is no deal any more: someone else changed it. Your move was not made.`,
      );
    } else {
      setAlert(answer.message);
    }
  }

  function dropped(stage: Stage) {
    const card = columns.flatMap((column) => column.cards).find((held) => held.lead_id === dragged);
    setDragged(undefined);
    setOver(undefined);
    if (card) void move(card, stage);
  }

  return (
    <>
      {csrf === undefined ? null : (
        <p id="board-keys" className="sr-only">
          Left and right arrows move the card to the stage before or after.
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {said}
      </p>
      {alert ? (
        <p role="alert" className="inbox-error">
          {alert}
        </p>
      ) : null}
      <div className="flex snap-x snap-mandatory gap-3 overflow-x-auto pb-2">
        {columns.map((column) => {
          const totals = column.totals.filter((total) => total.value_minor !== 0);
          return (
            <section
              key={column.stage.id}
              aria-labelledby={`stage-${column.stage.id}`}
              data-stage={column.stage.id}
              onDragOver={(event) => {
                if (dragged === undefined) return;
                event.preventDefault();
                setOver(column.stage.id);
              }}
              onDragLeave={() => setOver(undefined)}
              onDrop={(event) => {
                event.preventDefault();
                dropped(column.stage);
              }}
              className={`w-[85%] shrink-0 snap-start space-y-2 rounded bg-slate-100 p-2 sm:w-72 ${
                over === column.stage.id ? "outline-2 outline-blue-700" : ""
              }`}
            >
              <h2 id={`stage-${column.stage.id}`} className="font-semibold">
                {column.stage.name} <span className="font-normal">({column.count})</span>
              </h2>
              <p className="text-sm">
                {column.stage.outcome ? `In the last ${inbox.limits.boardClosedDays} days: ` : ""}
                {totals.length
                  ? totals.map((total) => formatMoney(total.value_minor, total.currency)).join(" · ")
                  : "No value yet"}
                {column.stage.outcome ? "" : ` · ${column.stage.probability}% likely`}
              </p>
              {column.stage.outcome ? (
                <p className="text-sm text-slate-700">
                  Move a card here to mark its deal {column.stage.outcome}.
                </p>
              ) : (
                <ol className="space-y-2">
                  {column.cards.map((card) => (
                    <DealCard
                      key={card.lead_id}
                      card={card}
                      stage={column.stage}
                      stages={stages}
                      busy={busy === card.lead_id}
                      movable={csrf !== undefined}
                      onMove={(to) => void move(card, to)}
                      onDragStart={() => setDragged(card.lead_id)}
                    />
                  ))}
                </ol>
              )}
              {column.next ? (
                <InboxLink href={inboxPaths.boardColumn(column.stage.id, column.next)} className="text-sm underline">
                  More in {column.stage.name}
                </InboxLink>
              ) : null}
            </section>
          );
        })}
      </div>
      {askLost ? (
        <LostReasonDialog
          name={askLost.card.name}
          reasons={lostReasons}
          onCancel={() => setAskLost(undefined)}
          onChoose={(reasonId) => {
            const { card, to } = askLost;
            setAskLost(undefined);
            void move(card, to, reasonId);
          }}
        />
      ) : null}
    </>
  );
}
