import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { BreadcrumbJsonLd } from "@/components/detail/breadcrumb-json-ld";
import { AboutSection } from "@/components/case-studies/about-section";
import { ClientReviewSection } from "@/components/case-studies/client-review-section";
import { ComparisonSection } from "@/components/case-studies/comparison-section";
import { ClosingCta } from "@/components/detail/closing-cta";
import { DetailIntro } from "@/components/detail/detail-intro";
import { FeatureGrid } from "@/components/detail/feature-grid";
import { MediaTextSection } from "@/components/detail/media-text-section";
import { MetricCards } from "@/components/detail/metric-cards";
import { TechnologiesSection } from "@/components/detail/technologies-section";
import { PageHero } from "@/components/ui/page-hero";
import { getCaseStudiesPage, getCaseStudy } from "@/lib/content";
import { pageMetadata } from "@/lib/metadata";
import { nextInCycle, paths } from "@/lib/routes";
import { sections } from "@/lib/sections";

type Props = { params: Promise<{ id: string }> };

const TITLE = "Case Study Details";

const hasItems = (list: readonly unknown[] | undefined): boolean => Array.isArray(list) && list.length > 0;

// Only these ids are pages; proxy.ts answers a page load of any other with its not-found screen.
export const dynamicParams = false;

export function generateStaticParams() {
  return getCaseStudiesPage().caseStudies.map((study) => ({ id: String(study.id) }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const study = getCaseStudy((await params).id);
  if (!study) notFound();
  return pageMetadata({
    title: TITLE,
    description: study.sub_headers?.title ?? study.title,
    path: paths.caseStudy(study.id),
    card: true,
  });
}

// Next.js requires the page itself as the default export. Every section shows only when its
// data exists, in a fixed order (docs/product-rules.md#detail-pages).
export default async function CaseStudyPage({ params }: Props) {
  const study = getCaseStudy((await params).id);
  if (!study) notFound();

  const heading = `${study.title} Case Study`;
  const { sub_headers: intro, about, challenge, solutions, results, competitiveComparison: comparison } = study;
  const next = nextInCycle(getCaseStudiesPage().caseStudies, study.id);

  return (
    <>
      {intro ? (
        <DetailIntro
          eyebrow="Project Details"
          title={heading}
          summary={intro.title}
          points={intro.sub_points ?? []}
          image={intro.mockupImage}
          imageAlt={`${study.title}: overview of the delivered product`}
          quoteHref={paths.requestDemo}
        />
      ) : (
        <PageHero eyebrow="Project Details" title={heading} />
      )}
      {about && <AboutSection about={about} />}
      {hasItems(study.features) && <FeatureGrid features={study.features} />}
      {challenge && hasItems(challenge.challenges) && (
        <MediaTextSection
          name="challenge"
          title="The Challenge"
          points={challenge.challenges}
          image={challenge.mockupImage}
          imageAlt={`${study.title}: the situation before the project`}
          imageSide="right"
        />
      )}
      {solutions && (solutions.desc || hasItems(solutions.points)) && (
        <MediaTextSection
          name="solution"
          title="The Solution"
          lead={solutions.desc}
          points={solutions.points ?? []}
          image={solutions.mockupImage}
          imageAlt={`${study.title}: the product we built`}
          imageSide="left"
          tone="surface"
        />
      )}
      {results && hasItems(results.metrics) && (
        <MetricCards name="results" title="The Results" intro={results.desc} metrics={results.metrics} />
      )}
      {hasItems(study.technologies) && <TechnologiesSection technologies={study.technologies} />}
      {comparison && hasItems(comparison.headers) && hasItems(comparison.rows) && (
        <ComparisonSection
          table={comparison}
          caption={`${about?.brand ?? study.title} compared with the alternatives, capability by capability`}
        />
      )}
      {hasItems(study.clients) && <ClientReviewSection clients={study.clients} />}
      {next && (
        <ClosingCta
          heading="Have a project like this in mind?"
          text="Tell us where you are today and where you want to be. We will come back with a plan, a team and a timeline."
          nextLabel="Next Case"
          nextHref={paths.caseStudy(next.id)}
        />
      )}
      <BreadcrumbJsonLd section={sections.caseStudies} name={heading} path={paths.caseStudy(study.id)} />
    </>
  );
}
