/** The id of the hero's quote card: the target of Start Now and Get Started, and of /#quote links. */
export const QUOTE_CARD_ID = "quote";
