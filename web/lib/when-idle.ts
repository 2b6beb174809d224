/**
 * Runs `task` once the browser is idle (Safari has no requestIdleCallback: a timer stands in for
 * it there); returns the cancel function, for an effect's cleanup.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: 4000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 2000);
  return () => clearTimeout(handle);
}
