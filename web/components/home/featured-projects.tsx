import type { ProjectsSection } from "@/lib/content";
import { paths } from "@/lib/routes";

import { ButtonLink } from "../ui/button-link";
import { Reveal } from "../ui/reveal";
import { Section, SectionHeading } from "../ui/section";
import { ProjectTabs } from "./project-tabs";

export function FeaturedProjects({ projects }: { projects: ProjectsSection }) {
  return (
    <Section name="projects" tone="surface">
      <Reveal>
        <SectionHeading title={projects.heading} intro={projects.intro} />
      </Reveal>
      <ProjectTabs tabs={projects.tabs} projects={projects.items} emptyMessage={projects.emptyMessage} />
      <div className="mt-12 flex justify-center">
        <ButtonLink href={paths.caseStudies} variant="outline" track={["view_case_studies_click", {}]}>
          {projects.exploreMoreLabel} <span aria-hidden="true">&rarr;</span>
        </ButtonLink>
      </div>
    </Section>
  );
}
