"use client";

import { useState } from "react";

import type { Project, ProjectsSection } from "@/lib/content";

import { ProjectCard } from "./project-card";

type Tab = ProjectsSection["tabs"][number];

/** The first tab shows every project. */
const ALL: Tab = "Featured";

/** Featured Projects filter: the active tab is the only state; Featured shows all. */
export function ProjectTabs({
  tabs,
  projects,
  emptyMessage,
}: {
  tabs: readonly Tab[];
  projects: readonly Project[];
  emptyMessage: string;
}) {
  const [active, setActive] = useState<Tab>(ALL);
  const shown = active === ALL ? projects : projects.filter((project) => project.category === active);

  return (
    <div className="mt-10">
      <div role="group" aria-label="Filter projects by category" className="flex flex-wrap justify-center gap-2">
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            aria-pressed={tab === active}
            onClick={() => setActive(tab)}
            className={`rounded-full px-5 py-2.5 text-sm font-semibold transition ${
              tab === active
                ? "bg-navy text-white shadow-md shadow-navy/20"
                : "bg-white text-navy ring-1 ring-navy/10 hover:bg-navy/5 hover:ring-navy/30"
            }`}
          >
            {tab}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p data-empty className="mx-auto mt-10 max-w-xl rounded-3xl border border-dashed border-navy/20 bg-white px-6 py-12 text-center text-lg text-muted">
          {emptyMessage}
        </p>
      ) : (
        <ul className="mt-10 grid gap-8 md:grid-cols-2">
          {shown.map((project) => (
            <li key={project.caseStudyLink}>
              <ProjectCard project={project} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
