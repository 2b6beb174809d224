"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

import { inbox } from "@/lib/content/inbox";

// Long enough to skip the keystrokes of a word being typed, short enough to feel like no wait.
const DEBOUNCE_MS = 250;

/**
 * The search box of the list's filter form: as staff type, the list follows (the query goes into
 * the URL, so the view can be shared), from its first page. Before the script runs, Enter submits
 * the form like any other filter.
 */
export function SearchBox({ value, query }: { value: string; query: string }) {
  const router = useRouter();
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function search(text: string) {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const params = new URLSearchParams(query);
      params.delete("cursor");
      if (text.trim()) params.set("q", text);
      else params.delete("q");
      const search = params.toString();
      router.replace(search ? `/inbox?${search}` : "/inbox", { scroll: false });
    }, DEBOUNCE_MS);
  }

  return (
    <label className="inbox-label grow">
      Search
      <input
        type="search"
        name="q"
        defaultValue={value}
        maxLength={inbox.limits.maxQueryLength}
        placeholder="Name, company, e-mail, phone or message"
        onChange={(event) => search(event.target.value)}
        className="inbox-input"
        data-shortcut="search"
      />
    </label>
  );
}
