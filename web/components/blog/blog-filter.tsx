"use client";

import { useState, type ReactNode } from "react";

import { Container } from "../ui/container";
import { Section, SectionHeading } from "../ui/section";
import { PostGrid } from "./post-grid";
import type { PostSummary } from "./post-summary";

const ALL = "All";

/**
 * The category row of /blog ('All' first and selected at the start; every button filters).
 * With 'All' it shows the server-rendered groups (`children`); with a category, one grid.
 */
export function BlogFilter({
  categories,
  posts,
  emptyMessage,
  children,
}: {
  categories: readonly string[];
  posts: PostSummary[];
  emptyMessage: string;
  children: ReactNode;
}) {
  const [active, setActive] = useState<string>(ALL);
  const [announcement, setAnnouncement] = useState("");
  const matching = active === ALL ? posts : posts.filter((post) => post.category === active);

  function select(category: string) {
    setActive(category);
    const count = category === ALL ? posts.length : posts.filter((post) => post.category === category).length;
    const noun = count === 1 ? "post" : "posts";
    setAnnouncement(category === ALL ? `Showing all ${count} ${noun}` : `Showing ${count} ${noun} in ${category}`);
  }

  return (
    <>
      <section data-section="categories" aria-label="Blog categories" className="bg-white pt-10 sm:pt-12">
        <Container>
          <div role="group" aria-label="Filter posts by category" className="flex flex-wrap gap-2 sm:gap-3">
            {[ALL, ...categories].map((category) => {
              const pressed = category === active;
              return (
                <button
                  key={category}
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => select(category)}
                  className={`rounded-full px-4 py-2 text-sm font-semibold transition sm:px-5 ${
                    pressed
                      ? "bg-navy text-white shadow-md shadow-navy/20"
                      : "bg-surface text-navy ring-1 ring-navy/10 hover:bg-amber/15 hover:ring-amber/40"
                  }`}
                >
                  {category}
                </button>
              );
            })}
          </div>
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
        </Container>
      </section>
      {active === ALL ? (
        children
      ) : (
        <Section name="category-posts" className="pt-10! sm:pt-12!">
          <SectionHeading title={active} intro={matching.length === 1 ? "1 post" : `${matching.length} posts`} align="left" />
          {matching.length === 0 ? (
            <p data-empty className="mt-10 rounded-3xl bg-surface px-6 py-16 text-center text-lg text-muted">
              {emptyMessage}
            </p>
          ) : (
            <PostGrid posts={matching} />
          )}
        </Section>
      )}
    </>
  );
}
