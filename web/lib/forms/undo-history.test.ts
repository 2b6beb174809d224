import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { createUndoHistory, UNDO_DEBOUNCE_MS, UNDO_LIMIT } from "./undo-history";

describe("createUndoHistory", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function typed(history: ReturnType<typeof createUndoHistory>, ...values: string[]) {
    for (const value of values) {
      history.change(value);
      vi.advanceTimersByTime(UNDO_DEBOUNCE_MS);
    }
  }

  it("keeps 20 entries and a 200 ms debounce", () => {
    expect([UNDO_LIMIT, UNDO_DEBOUNCE_MS]).toEqual([20, 200]);
  });

  it("undoes and redoes entry by entry", () => {
    const history = createUndoHistory("");
    typed(history, "+1", "+1 2", "+1 23");
    expect(history.undo()).toBe("+1 2");
    expect(history.undo()).toBe("+1");
    expect(history.undo()).toBe("");
    expect(history.undo()).toBeUndefined();
    expect(history.redo()).toBe("+1");
    expect(history.redo()).toBe("+1 2");
    expect(history.redo()).toBe("+1 23");
    expect(history.redo()).toBeUndefined();
  });

  it("makes one entry of a burst of changes closer than the debounce", () => {
    const history = createUndoHistory("");
    for (const value of ["+", "+4", "+44", "+44 2"]) {
      history.change(value);
      vi.advanceTimersByTime(UNDO_DEBOUNCE_MS - 1);
    }
    vi.advanceTimersByTime(1);
    expect(history.undo()).toBe("");
    expect(history.redo()).toBe("+44 2");
  });

  it("takes the pending change as an entry before undoing it", () => {
    const history = createUndoHistory("");
    typed(history, "+44");
    history.change("+44 20");
    expect(history.undo()).toBe("+44");
    expect(history.redo()).toBe("+44 20");
  });

  it("drops what could be redone once something new is typed", () => {
    const history = createUndoHistory("");
    typed(history, "1", "12");
    history.undo();
    typed(history, "13");
    expect(history.redo()).toBeUndefined();
    expect(history.undo()).toBe("1");
  });

  it("forgets the oldest entries beyond the limit", () => {
    const history = createUndoHistory("start", 3);
    typed(history, "a", "b", "c");
    expect(history.undo()).toBe("b");
    expect(history.undo()).toBe("a");
    expect(history.undo()).toBeUndefined();
  });

  it("records nothing when the value comes back to the current entry", () => {
    const history = createUndoHistory("same");
    history.change("other");
    history.change("same");
    vi.advanceTimersByTime(UNDO_DEBOUNCE_MS);
    expect(history.undo()).toBeUndefined();
  });
});
