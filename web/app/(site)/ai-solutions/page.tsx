import { OfferingRows } from "@/components/solutions/offering-rows";
import { toSummaries } from "@/components/solutions/offering";
import { PageHero } from "@/components/ui/page-hero";
import { getAiSolutionsPage } from "@/lib/content";
import { pageMetadata } from "@/lib/metadata";
import { paths } from "@/lib/routes";
import { sections } from "@/lib/sections";

export const metadata = pageMetadata({
  title: sections.aiSolutions.title,
  description: getAiSolutionsPage().page.intro,
  path: paths.aiSolutions,
});

export default function AiSolutionsPage() {
  const { page, solutions } = getAiSolutionsPage();
  return (
    <>
      <PageHero eyebrow="AI Solutions" title={page.heading} intro={page.intro} />
      <OfferingRows
        name="solutions"
        items={toSummaries(solutions, paths.aiSolution)}
      />
    </>
  );
}
