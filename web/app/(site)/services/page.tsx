import { OfferingCards } from "@/components/solutions/offering-cards";
import { toSummaries } from "@/components/solutions/offering";
import { PageHero } from "@/components/ui/page-hero";
import { getServicesPage } from "@/lib/content";
import { pageMetadata } from "@/lib/metadata";
import { paths } from "@/lib/routes";
import { sections } from "@/lib/sections";

export const metadata = pageMetadata({
  title: sections.services.title,
  description: getServicesPage().page.intro,
  path: paths.services,
});

export default function ServicesPage() {
  const { page, services } = getServicesPage();
  return (
    <>
      <PageHero eyebrow="Our Services" title={page.heading} intro={page.intro} />
      <OfferingCards
        name="services"
        items={toSummaries(services, paths.service)}
      />
    </>
  );
}
