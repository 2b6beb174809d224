import { getSite } from "@/lib/content";
import type { Section } from "@/lib/sections";

import { BreadcrumbJsonLd } from "../detail/breadcrumb-json-ld";
import { JsonLd } from "../ui/json-ld";

/**
 * The JSON-LD of a service, AI solution or edutech offering's page: its breadcrumbs, and the
 * schema.org Service it describes, provided by the company.
 */
export function OfferingJsonLd({
  section,
  name,
  description,
  category,
  path,
}: {
  section: Section;
  name: string;
  description: string;
  category: string;
  path: string;
}) {
  const site = getSite();
  const service = {
    "@context": "https://schema.org",
    "@type": "Service",
    name,
    description,
    serviceType: category,
    url: new URL(path, site.url).href,
    provider: { "@type": "Organization", name: site.name, url: site.url },
  };
  return (
    <>
      <BreadcrumbJsonLd section={section} name={name} path={path} />
      <JsonLd data={service} />
    </>
  );
}
