import type { Metadata } from "next";

import { DealBoard } from "@/components/inbox/board/board";
import { InboxLink } from "@/components/inbox/inbox-link";
import { BadQuery, getBoard, getPipeline, getSession } from "@/lib/inbox/api";
import { pickQuery } from "@/lib/inbox/format";
import { inboxPaths } from "@/lib/inbox/paths";
import { MAY_WORK } from "@/lib/inbox/work";
import type { Board, BoardQueryName } from "@/lib/inbox/types";

export const metadata: Metadata = { title: "Board" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const QUERY: readonly BoardQueryName[] = ["stage", "after"];

async function board(query: URLSearchParams): Promise<Board | undefined> {
  try {
    return await getBoard(query);
  } catch (error) {
    if (error instanceof BadQuery) return undefined;
    throw error;
  }
}

/** The board, or with `stage` one column's next cards (its "More" link). */
export default async function BoardPage({ searchParams }: Props) {
  const query = pickQuery(await searchParams, QUERY);
  const oneColumn = query.has("stage");
  const [session, read, pipeline] = await Promise.all([
    getSession(),
    board(query),
    oneColumn ? getPipeline() : undefined,
  ]);
  if (!read) return <p className="inbox-error">That column is not one of the board&apos;s.</p>;
  const stages = pipeline?.stages ?? read.columns.map((column) => column.stage);
  return (
    <>
      <h1 className="inbox-title">Board</h1>
      <p className="max-w-prose">
        Each open deal, by stage, the soonest expected close first.
        {MAY_WORK.has(session.user.role)
          ? " Drag a card to another stage, or move the focused card with the left and right arrows, or choose its stage."
          : ""}
      </p>
      {oneColumn ? <InboxLink href={inboxPaths.board}>Back to the whole board</InboxLink> : null}
      <DealBoard
        csrf={MAY_WORK.has(session.user.role) ? session.csrf : undefined}
        columns={read.columns}
        stages={stages}
        lostReasons={read.lost_reasons}
      />
    </>
  );
}
