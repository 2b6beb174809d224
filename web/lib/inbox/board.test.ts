import { describe, expect, it } from "vitest";

import { columnOf, placed } from "./board";
import type { BoardColumn, Card, Deal } from "./types";

const stage = (id: number, name: string, outcome: "won" | "lost" | null = null) => ({
  id,
  name,
  probability: 10,
  outcome,
});

const card = (leadId: number, closes: string, value = 100): Card => ({
  lead_id: leadId,
  name: `Lead ${leadId}`,
  company: null,
  value_minor: value,
  currency: "USD",
  expected_close: closes,
  owner: null,
  version: 1,
});

function column(id: number, name: string, cards: Card[], outcome: "won" | "lost" | null = null): BoardColumn {
  const sum = cards.reduce((total, held) => total + held.value_minor, 0);
  return {
    stage: stage(id, name, outcome),
    count: cards.length,
    totals: cards.length ? [{ currency: "USD", value_minor: sum }] : [],
    cards,
    next: null,
  };
}

const deal = (leadId: number, stageId: number, name: string, outcome: "won" | "lost" | null = null): Deal => ({
  lead_id: leadId,
  stage: stage(stageId, name, outcome),
  value_minor: 100,
  currency: "USD",
  expected_close: "2027-02-01",
  lost_reason: null,
  version: 2,
  closed_at: null,
});

const board = () => [
  column(1, "New", [card(1, "2027-02-01"), card(2, "2027-03-01")]),
  column(2, "Qualified", [card(3, "2027-01-01"), card(4, "2027-04-01")]),
  column(3, "Won", [], "won"),
];

describe("placed", () => {
  it("moves a card into its stage in order, with the deal's version, counts and totals following", () => {
    const after = placed(board(), card(1, "2027-02-01"), deal(1, 2, "Qualified"));

    const [fromColumn, toColumn] = after;
    expect(fromColumn).toMatchObject({ count: 1, totals: [{ currency: "USD", value_minor: 100 }] });
    expect(fromColumn?.cards.map((held) => held.lead_id)).toEqual([2]);
    expect(toColumn?.cards.map((held) => [held.lead_id, held.version])).toEqual([
      [3, 1],
      [1, 2],
      [4, 1],
    ]);
    expect(toColumn).toMatchObject({ count: 3, totals: [{ currency: "USD", value_minor: 300 }] });
    expect(columnOf(after, 1)?.stage.name).toBe("Qualified");
  });

  it("counts a won deal without a card", () => {
    const after = placed(board(), card(3, "2027-01-01"), deal(3, 3, "Won", "won"));

    expect(after[2]).toMatchObject({ count: 1, cards: [] });
    expect(columnOf(after, 3)).toBeUndefined();
  });

  it("takes the card off the board when its deal is gone", () => {
    const after = placed(board(), card(2, "2027-03-01"), null);

    expect(after.map((held) => held.count)).toEqual([1, 2, 0]);
  });
});
