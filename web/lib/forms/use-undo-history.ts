"use client";

import { useEffect, useRef, type KeyboardEvent } from "react";

import { createUndoHistory, type UndoHistory } from "./undo-history";

/**
 * Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z for a controlled input whose value a formatter rewrites on every
 * keystroke, which leaves the browser's own undo with nothing useful to restore.
 */
export function useUndoHistory(value: string, onChange: (value: string) => void) {
  const history = useRef<UndoHistory | null>(null);
  const restored = useRef<string | undefined>(undefined);

  useEffect(() => {
    history.current ??= createUndoHistory(value);
    if (restored.current === value) {
      restored.current = undefined;
      return;
    }
    history.current.change(value);
  }, [value]);

  useEffect(() => () => history.current?.dispose(), []);

  return function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== "z" || !history.current) {
      return;
    }
    event.preventDefault();
    const next = event.shiftKey ? history.current.redo() : history.current.undo();
    if (next !== undefined && next !== value) {
      restored.current = next;
      onChange(next);
    }
  };
}
