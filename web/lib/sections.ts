import { paths } from "./routes";

/**
 * The sections with detail pages, by their list page: its title (as its head and the detail
 * pages' breadcrumbs name it) and path.
 */
export const sections = {
  aiSolutions: { title: "AI Solutions", path: paths.aiSolutions },
  edutech: { title: "EduTech", path: paths.edutech },
  services: { title: "Our Services", path: paths.services },
  caseStudies: { title: "Case Studies", path: paths.caseStudies },
  blog: { title: "Blog", path: paths.blog },
} as const;

export type Section = (typeof sections)[keyof typeof sections];
