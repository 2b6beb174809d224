import { describe, expect, it } from "vitest";

import { paths } from "../routes";
import { detailNotFound, detailSections, isDetailSection } from "./screens";

describe("isDetailSection", () => {
  it.each(["ai-solutions", "edutech", "services", "case-studies", "blog"])("knows %s", (segment) => {
    expect(isDetailSection(segment)).toBe(true);
  });

  // The proxy asks with any first URL segment: names every object has are not sections.
  it.each(["", "team", "missing", "Services", "toString", "constructor", "__proto__", "hasOwnProperty"])(
    "refuses %j",
    (segment) => {
      expect(isDetailSection(segment)).toBe(false);
    },
  );
});

describe("the detail sections' not-found screens", () => {
  it("lists exactly the sections with detail routes", () => {
    expect([...detailSections].sort()).toEqual(["ai-solutions", "blog", "case-studies", "edutech", "services"]);
  });

  it("sends each back to its own list", () => {
    expect(Object.fromEntries(detailSections.map((section) => [section, detailNotFound[section].backHref]))).toEqual({
      "ai-solutions": paths.aiSolutions,
      edutech: paths.edutech,
      services: paths.services,
      "case-studies": paths.caseStudies,
      blog: paths.blog,
    });
  });

  it("keeps each section's own message, the services' stray WWW included", () => {
    expect(detailNotFound.services.message).toBe("Service WWWNot Found");
    expect(detailNotFound["case-studies"].message).toBe("Case Study Not Found");
    expect(detailNotFound.blog.message).toBe("Blog post not found.");
    expect(detailNotFound["ai-solutions"].message).toBe("Service Not Found");
    expect(detailNotFound.edutech.message).toBe("Service Not Found");
  });
});
