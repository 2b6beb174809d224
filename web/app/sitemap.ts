import type { MetadataRoute } from "next";

import {
  getAiSolutionsPage,
  getBlog,
  getCaseStudiesPage,
  getEdutechPage,
  getServicesPage,
  getSite,
} from "@/lib/content";
import { paths } from "@/lib/routes";

export default function sitemap(): MetadataRoute.Sitemap {
  const origin = getSite().url;
  const pages = [
    paths.home,
    paths.aiSolutions,
    ...getAiSolutionsPage().solutions.map((s) => paths.aiSolution(s.id)),
    paths.edutech,
    ...getEdutechPage().services.map((s) => paths.edutechService(s.id)),
    paths.services,
    ...getServicesPage().services.map((s) => paths.service(s.id)),
    paths.caseStudies,
    ...getCaseStudiesPage().caseStudies.map((c) => paths.caseStudy(c.id)),
    paths.blog,
    paths.team,
    paths.company,
    paths.requestDemo,
    paths.pricing,
    paths.about,
    paths.privacyPolicy,
  ];
  return [
    ...pages.map((path) => ({ url: `${origin}${path === "/" ? "" : path}` })),
    ...getBlog().posts.map((post) => ({ url: `${origin}${paths.blogPost(post.id)}`, lastModified: post.date })),
  ];
}
