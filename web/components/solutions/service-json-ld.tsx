import { getSite } from "@/lib/content";

import { JsonLd } from "../ui/json-ld";

/** schema.org Service of a service, AI solution or edutech offering, provided by the company. */
export function ServiceJsonLd({
  name,
  description,
  category,
  path,
}: {
  name: string;
  description: string;
  category: string;
  path: string;
}) {
  const site = getSite();
  const data = {
    "@context": "https://schema.org",
    "@type": "Service",
    name,
    description,
    serviceType: category,
    url: new URL(path, site.url).href,
    provider: { "@type": "Organization", name: site.name, url: site.url },
  };
  return <JsonLd data={data} />;
}
