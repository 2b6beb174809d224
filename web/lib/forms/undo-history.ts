/** The phone input keeps 20 undo entries, each taken 200 ms after typing pauses. */
export const UNDO_LIMIT = 20;
export const UNDO_DEBOUNCE_MS = 200;

export type UndoHistory = {
  /** The field now holds `value`; it becomes an entry once typing pauses. */
  change(value: string): void;
  /** The value to restore, or undefined when there is nothing further back (or forward). */
  undo(): string | undefined;
  redo(): string | undefined;
  dispose(): void;
};

/** An undo/redo history of one text value: a burst of keystrokes becomes one entry. */
export function createUndoHistory(initial: string, limit = UNDO_LIMIT, debounceMs = UNDO_DEBOUNCE_MS): UndoHistory {
  let entries = [initial];
  let index = 0;
  let pending: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function commit() {
    clearTimeout(timer);
    if (pending === undefined) {
      return;
    }
    if (pending !== entries[index]) {
      // A new entry drops whatever could have been redone, and the oldest beyond the limit.
      entries = [...entries.slice(0, index + 1), pending].slice(-limit);
      index = entries.length - 1;
    }
    pending = undefined;
  }

  function step(by: -1 | 1): string | undefined {
    commit();
    const to = index + by;
    if (to < 0 || to >= entries.length) {
      return undefined;
    }
    index = to;
    return entries[index];
  }

  return {
    change(value) {
      clearTimeout(timer);
      pending = value;
      timer = setTimeout(commit, debounceMs);
    },
    undo: () => step(-1),
    redo: () => step(1),
    dispose: () => clearTimeout(timer),
  };
}
