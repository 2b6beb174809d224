import { CaseStudyBrowser } from "@/components/case-studies/case-study-browser";
import { ContactSection } from "@/components/case-studies/contact-section";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { Section, SectionHeading } from "@/components/ui/section";
import { getCaseStudiesPage } from "@/lib/content";
import { pageMetadata } from "@/lib/metadata";
import { paths } from "@/lib/routes";
import { sections } from "@/lib/sections";

const content = getCaseStudiesPage();

export const metadata = pageMetadata({ title: sections.caseStudies.title, description: content.page.intro, path: paths.caseStudies });

// Next.js requires the page itself as the default export.
export default function CaseStudiesPage() {
  // Only what a card shows goes to the browser, not the twelve full case studies.
  const cards = content.caseStudies.map(({ id, title, category, img }) => ({ id, title, category, img }));
  return (
    <>
      <PageHero title={content.page.heading} intro={content.page.intro}>
        <ButtonLink href={paths.requestDemo} track={["request_quote_click", {}]}>
          Request a Quote
        </ButtonLink>
      </PageHero>
      <Section name="case-studies" tone="surface" className="overflow-x-clip">
        <SectionHeading eyebrow="Our work" title="Browse by what we built" />
        <div className="mt-10">
          <CaseStudyBrowser studies={cards} categories={[...content.categories]} />
        </div>
      </Section>
      <ContactSection />
    </>
  );
}
