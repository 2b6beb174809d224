import { getSite } from "@/lib/content";
import { paths } from "@/lib/routes";
import type { Section } from "@/lib/sections";

import { JsonLd } from "../ui/json-ld";

/** schema.org BreadcrumbList of a detail page: Home › its section's list page › the page itself. */
export function BreadcrumbJsonLd({
  section,
  name,
  path,
}: {
  section: Section;
  name: string;
  path: string;
}) {
  const site = getSite();
  const trail = [
    { name: "Home", path: paths.home },
    { name: section.title, path: section.path },
    { name, path },
  ];
  const data = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: new URL(crumb.path, site.url).href,
    })),
  };
  return <JsonLd data={data} />;
}
