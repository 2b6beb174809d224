"use client";

import { memo, useCallback, useDeferredValue, useRef, useSyncExternalStore } from "react";

import { Reveal } from "../ui/reveal";
import { revealSide } from "../ui/reveal-side";
import { CaseStudyCard, type CaseStudyCardData } from "./case-study-card";
import { CASE_STUDIES_PER_PAGE, listQuery, pageCount, pageSlice, parseListQuery, type ListState } from "./list-query";

// The list state lives in the URL query. The server renders page 1 of All (no query); after
// hydration the query, if any, takes over, and back/forward move through earlier choices.
const QUERY_CHANGE = "case-studies:query";

function subscribe(onChange: () => void) {
  window.addEventListener("popstate", onChange);
  window.addEventListener(QUERY_CHANGE, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(QUERY_CHANGE, onChange);
  };
}

const currentSearch = () => window.location.search;
const serverSearch = () => "";

type Listing = { studies: CaseStudyCardData[]; categories: string[] };

function useListState({ studies, categories }: Listing, search: string) {
  const inCategory = useCallback(
    (category?: string) => (category ? studies.filter((study) => study.category === category) : studies),
    [studies],
  );
  const state = parseListQuery(search, categories, (name) => inCategory(name).length);
  return { ...state, matching: inCategory(state.category) };
}

export function CaseStudyBrowser({ studies, categories }: Listing) {
  const search = useSyncExternalStore(subscribe, currentSearch, serverSearch);
  // The pressed filter or page shows at once; the cards it asks for, the costly part, follow in a
  // render of their own that a later press may interrupt, so the press is painted first.
  const listed = useDeferredValue(search);
  const listTop = useRef<HTMLDivElement>(null);

  const { category, page, matching } = useListState({ studies, categories }, search);
  const pages = pageCount(matching.length);

  function show(next: ListState, scroll: boolean) {
    if (listQuery(next) === listQuery({ category, page })) return;
    // Next.js keeps its router in step with native pushState (App Router "Native History API").
    window.history.pushState(null, "", `${window.location.pathname}${listQuery(next)}`);
    window.dispatchEvent(new Event(QUERY_CHANGE));
    const top = listTop.current;
    if (scroll && top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: "start" });
  }

  return (
    <div ref={listTop} className="scroll-mt-(--header-height)">
      <div role="group" aria-label="Filter case studies by category" className="flex flex-wrap justify-center gap-3">
        {[undefined, ...categories].map((name) => {
          const active = name === category;
          return (
            <button
              key={name ?? "All"}
              type="button"
              aria-pressed={active}
              data-filter={name ?? "All"}
              onClick={() => show({ category: name, page: 1 }, false)}
              className={`rounded-full px-5 py-2.5 text-sm font-semibold transition ${
                active ? "bg-navy text-white shadow-md shadow-navy/20" : "bg-white text-navy ring-1 ring-navy/15 hover:ring-navy/40"
              }`}
            >
              {name ?? "All"}
            </button>
          );
        })}
      </div>

      {/* Busy while the cards trail the press, so a screen reader waits for them before reading. */}
      <div aria-busy={listed !== search} data-case-study-results>
        <CaseStudyList studies={studies} categories={categories} search={listed} />
      </div>

      {pages > 1 && (
        <nav aria-label="Case studies pages" className="mt-12 flex justify-center">
          <ul className="flex flex-wrap gap-2">
            {Array.from({ length: pages }, (_, index) => index + 1).map((number) => {
              const current = number === page;
              return (
                <li key={number}>
                  <button
                    type="button"
                    aria-label={`Page ${number}`}
                    aria-current={current ? "page" : undefined}
                    data-page={number}
                    onClick={() => show({ category, page: number }, true)}
                    className={`grid size-11 place-items-center rounded-full text-sm font-semibold transition ${
                      current ? "bg-amber text-navy shadow-md shadow-amber/30" : "bg-white text-navy ring-1 ring-navy/15 hover:ring-navy/40"
                    }`}
                  >
                    {number}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </div>
  );
}

/** The status line and the cards of one list state: rendered again only when that state changes. */
const CaseStudyList = memo(function CaseStudyList({ search, ...listing }: Listing & { search: string }) {
  const { category, page, matching } = useListState(listing, search);
  const shown = pageSlice(matching, page);
  const first = (page - 1) * CASE_STUDIES_PER_PAGE + 1;
  const last = first + shown.length - 1;
  return (
    <>
      <p aria-live="polite" className="mt-6 text-center text-sm text-muted" data-list-status>
        {matching.length === 0
          ? "No case studies in this category yet."
          : `Showing ${first}–${last} of ${matching.length}${category ? ` ${category}` : ""} case studies`}
      </p>

      <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3" data-case-study-list>
        {shown.map((study, index) => (
          <li key={study.id}>
            <Reveal from={revealSide(index)} className="h-full">
              <CaseStudyCard study={study} />
            </Reveal>
          </li>
        ))}
      </ul>
    </>
  );
});
