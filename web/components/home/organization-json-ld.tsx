import { getSite } from "@/lib/content";

import { JsonLd } from "../ui/json-ld";

// Structured data so that search engines show the company's name, contacts and offices. It sits on the
// home page alone, where search engines look for it (Google: the home page or an about page), not in
// every page's HTML and React payload.
export function OrganizationJsonLd() {
  const site = getSite();
  const data = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.name,
    url: site.url,
    description: site.description,
    email: site.contact.generalEmail,
    telephone: site.contact.phone,
    sameAs: site.social.map((link) => link.href),
    address: site.offices.map((office) => ({
      "@type": "PostalAddress",
      streetAddress: office.address,
      addressLocality: office.city,
      addressCountry: office.country,
    })),
  };
  return <JsonLd data={data} />;
}
