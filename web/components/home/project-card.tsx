import { trackOnClick } from "@/lib/analytics/events";
import type { Project } from "@/lib/content";

import { PageLink } from "../ui/page-link";
import { Picture } from "../ui/picture";

/** One Featured Projects card: picture, title, description, View Details and Live Demo. */
export function ProjectCard({ project }: { project: Project }) {
  return (
    <article
      data-project
      data-category={project.category}
      className="group flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-navy/5 transition duration-300 hover:-translate-y-1 hover:shadow-xl hover:shadow-navy/10"
    >
      <div className="relative overflow-hidden bg-surface">
        <Picture
          src={project.imageUrl}
          alt={`${project.title}, product screens`}
          width={1200}
          height={800}
          className="aspect-[3/2] h-auto w-full object-cover transition duration-500 group-hover:scale-[1.03]"
        />
        <span className="absolute top-4 left-4 rounded-full bg-navy/90 px-3 py-1 text-xs font-semibold tracking-wide text-white backdrop-blur">
          {project.category}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-6 sm:p-8">
        <h3 className="text-xl font-bold text-navy">{project.title}</h3>
        <p className="mt-3 flex-1 leading-relaxed text-muted">{project.description}</p>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <PageLink
            href={project.caseStudyLink}
            {...trackOnClick("view_project_details", { project_title: project.title })}
            className="inline-flex items-center gap-2 rounded-full bg-navy px-5 py-2.5 text-sm font-semibold text-white transition hover:bg-navy-700"
          >
            View Details <span aria-hidden="true">&rarr;</span>
          </PageLink>
          <a
            href={project.liveLink}
            target="_blank"
            rel="noopener noreferrer"
            {...trackOnClick("view_live_demo", { project_title: project.title })}
            className="inline-flex items-center gap-2 rounded-full border border-navy/15 px-5 py-2.5 text-sm font-semibold text-navy transition hover:border-navy hover:bg-surface"
          >
            Live Demo
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M11 4h5v5M16 4l-7 7M14 12v3a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3" />
            </svg>
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
      </div>
    </article>
  );
}
