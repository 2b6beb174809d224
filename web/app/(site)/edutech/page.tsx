import { OfferingRows } from "@/components/solutions/offering-rows";
import { toSummaries } from "@/components/solutions/offering";
import { PageHero } from "@/components/ui/page-hero";
import { getEdutechPage } from "@/lib/content";
import { pageMetadata } from "@/lib/metadata";
import { paths } from "@/lib/routes";
import { sections } from "@/lib/sections";

export const metadata = pageMetadata({
  title: sections.edutech.title,
  description: getEdutechPage().page.intro,
  path: paths.edutech,
});

export default function EdutechPage() {
  const { page, services } = getEdutechPage();
  return (
    <>
      <PageHero eyebrow="EduTech" title={page.heading} intro={page.intro} />
      <OfferingRows
        name="services"
        items={toSummaries(services, paths.edutechService)}
      />
    </>
  );
}
