"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

import { track, type TrackedEvent } from "@/lib/analytics/events";
import { reportWebVitals } from "@/lib/analytics/web-vitals";

const TITLE_WAIT_MS = 1000;

/** A click on (or inside) a control marked by trackOnClick pushes its event, before any navigation. */
function trackMarkedClick(event: MouseEvent) {
  const control = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-track]") : null;
  if (control?.dataset.track && control.dataset.trackData) {
    track(...([control.dataset.track, JSON.parse(control.dataset.trackData)] as TrackedEvent));
  }
}

/** After hydration, when the browser is idle (Safari has no requestIdleCallback: a task). */
function whenIdle(run: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(run);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
}

/**
 * The page view on the first load and on every client-side route change, with the
 * path and the title the new page set; the listener behind trackOnClick; and, once the page is
 * idle, the field data of this load.
 */
export function Analytics() {
  const pathname = usePathname();

  useEffect(() => {
    document.addEventListener("click", trackMarkedClick, { capture: true });
    return () => document.removeEventListener("click", trackMarkedClick, { capture: true });
  }, []);

  useEffect(() => whenIdle(() => void reportWebVitals()), []);

  const lastTitle = useRef<string | null>(null);

  useEffect(() => {
    // After a client-side navigation the new <title> arrives a little after the new path: wait
    // (a frame at a time, at most TITLE_WAIT_MS) for it to change, so the view has the right title.
    const started = performance.now();
    let frame = 0;
    const report = () => {
      const title = document.title;
      const waited = performance.now() - started > TITLE_WAIT_MS;
      if (!waited && (title === "" || title === lastTitle.current)) {
        frame = requestAnimationFrame(report);
        return;
      }
      lastTitle.current = title;
      track("page_view", { page_path: pathname, page_title: title });
    };
    report();
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return null;
}
