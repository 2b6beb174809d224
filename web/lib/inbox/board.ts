// The board as the browser holds it between reads: a card moved, or shown where someone else put it,
// leaves its column and joins its deal's stage, and each column's count and totals follow.

import type { BoardColumn, Card, Deal } from "./types";

type Totals = BoardColumn["totals"];

/** The columns' order of cards: the soonest expected close first, then the oldest lead. */
function before(a: Card, b: Card): number {
  return a.expected_close.localeCompare(b.expected_close) || a.lead_id - b.lead_id;
}

function added(totals: Totals, currency: string, value: number): Totals {
  const others = totals.filter((total) => total.currency !== currency);
  const sum = (totals.find((total) => total.currency === currency)?.value_minor ?? 0) + value;
  return [...others, { currency, value_minor: sum }].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The column a lead's card is in (undefined: none on the board). */
export function columnOf(columns: readonly BoardColumn[], leadId: number): BoardColumn | undefined {
  return columns.find((column) => column.cards.some((card) => card.lead_id === leadId));
}

/**
 * The board after `card`'s deal came to stand as `deal` (null: it is no deal any more): the card
 * out of its column, and into the deal's stage with the deal's values and version; a won or lost
 * stage counts it without a card.
 */
export function placed(columns: readonly BoardColumn[], card: Card, deal: Deal | null): BoardColumn[] {
  const moved: Card | null = deal && {
    ...card,
    value_minor: deal.value_minor,
    currency: deal.currency,
    expected_close: deal.expected_close,
    version: deal.version,
  };
  return columns.map((column) => {
    let next = column;
    if (column.cards.some((held) => held.lead_id === card.lead_id)) {
      next = {
        ...next,
        count: next.count - 1,
        totals: added(next.totals, card.currency, -card.value_minor),
        cards: next.cards.filter((held) => held.lead_id !== card.lead_id),
      };
    }
    if (moved && deal?.stage.id === column.stage.id) {
      next = {
        ...next,
        count: next.count + 1,
        totals: added(next.totals, moved.currency, moved.value_minor),
        cards: deal.stage.outcome ? next.cards : [...next.cards, moved].sort(before),
      };
    }
    return next;
  });
}
