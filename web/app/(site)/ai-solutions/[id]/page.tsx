import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { DetailIntro } from "@/components/detail/detail-intro";
import { OfferingDetailSections } from "@/components/solutions/offering-detail-sections";
import { OfferingJsonLd } from "@/components/solutions/offering-json-ld";
import { getAiSolution, getAiSolutionsPage } from "@/lib/content";
import { pageMetadata } from "@/lib/metadata";
import { nextInCycle, paths } from "@/lib/routes";
import { sections } from "@/lib/sections";

type Props = { params: Promise<{ id: string }> };

// Only these ids are pages; proxy.ts answers a page load of any other with its not-found screen.
export const dynamicParams = false;

export function generateStaticParams() {
  return getAiSolutionsPage().solutions.map((solution) => ({ id: String(solution.id) }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const solution = getAiSolution((await params).id);
  if (!solution) notFound();
  return pageMetadata({
    title: "AI Solution Details",
    description: solution.description,
    path: paths.aiSolution(solution.id),
    card: true,
  });
}

export default async function AiSolutionPage({ params }: Props) {
  const solution = getAiSolution((await params).id);
  if (!solution) notFound();
  const next = nextInCycle(getAiSolutionsPage().solutions, solution.id) ?? solution;
  return (
    <>
      <DetailIntro
        eyebrow="AI Solution"
        title={solution.title}
        summary={solution.description}
        points={solution.details}
        image={solution.image}
        imageAlt={`Illustration of ${solution.title}`}
        quoteHref={paths.requestDemo}
      />
      <OfferingDetailSections offering={solution} next={{ title: next.title, href: paths.aiSolution(next.id) }} />
      <OfferingJsonLd
        section={sections.aiSolutions}
        name={solution.title}
        description={solution.description}
        category="AI Solution"
        path={paths.aiSolution(solution.id)}
      />
    </>
  );
}
