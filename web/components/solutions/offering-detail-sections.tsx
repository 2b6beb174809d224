import type { AiSolution } from "@/lib/content";

import { ClosingCta } from "../detail/closing-cta";
import { FaqList } from "../detail/faq-list";
import { FeatureGrid } from "../detail/feature-grid";
import { MediaTextSection } from "../detail/media-text-section";
import { MetricCards } from "../detail/metric-cards";
import { ProcessSteps } from "../detail/process-steps";
import { QuoteTestimonials } from "../detail/quote-testimonials";
import { TechnologiesSection } from "../detail/technologies-section";

/** The fields an AI solution and an edutech service share below their opening. */
export type OfferingDetail = Pick<
  AiSolution,
  "title" | "process" | "problem" | "solutions" | "benefits" | "features" | "technologies" | "testimonials" | "faq"
>;

/**
 * Everything after the opening of an AI solution or edutech detail page, in this fixed order:
 * process, problem, solution, benefits, features, technologies, testimonials, FAQ
 * and the closing block whose Next Service link wraps from the last entry to the first.
 */
export function OfferingDetailSections({ offering, next }: { offering: OfferingDetail; next: { title: string; href: string } }) {
  return (
    <>
      <ProcessSteps steps={offering.process} />
      <MediaTextSection
        name="problem"
        title="The Problem We Solve"
        points={offering.problem.challenges}
        image={offering.problem.mockupImage}
        imageAlt={`Illustration of the challenges ${offering.title} addresses`}
        imageSide="right"
        tone="surface"
      />
      <MediaTextSection
        name="solution"
        title="Our Solution"
        lead={offering.solutions.desc}
        points={offering.solutions.points}
        image={offering.solutions.mockupImage}
        imageAlt={`Mockup of the ${offering.title} solution`}
        imageSide="left"
      />
      <MetricCards name="benefits" title="Key Benefits" intro={offering.benefits.desc} metrics={offering.benefits.metrics} />
      <FeatureGrid features={offering.features} />
      <TechnologiesSection technologies={offering.technologies} />
      <QuoteTestimonials testimonials={offering.testimonials} />
      <FaqList faq={offering.faq} />
      <ClosingCta
        heading={`Ready to put ${offering.title} to work?`}
        text={`Tell us about your goals and we will come back with a plan, a timeline and a quote. Or keep exploring: next up is ${next.title}.`}
        nextLabel="Next Service"
        nextHref={next.href}
      />
    </>
  );
}
