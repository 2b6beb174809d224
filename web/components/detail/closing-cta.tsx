import { paths } from "@/lib/routes";

import { ButtonLink, buttonClass } from "../ui/button-link";
import { PageLink } from "../ui/page-link";
import { Section } from "../ui/section";

/** The last band of a detail page: Contact Us, and the Next button that wraps from the last entry to the first. */
export function ClosingCta({ heading, text, nextLabel, nextHref }: { heading: string; text: string; nextLabel: string; nextHref: string }) {
  return (
    <Section name="closing" tone="navy">
      <div className="flex flex-col items-center gap-6 text-center">
        <h2 className="max-w-2xl text-3xl font-bold">{heading}</h2>
        <p className="max-w-2xl text-white/75">{text}</p>
        <div className="flex flex-wrap justify-center gap-4">
          <ButtonLink href={paths.requestDemo} track={["contact_us_click", { source: "none" }]}>
            Contact Us
          </ButtonLink>
          <PageLink href={nextHref} className={buttonClass("light")} data-next>
            {nextLabel} <span aria-hidden="true">&rarr;</span>
          </PageLink>
        </div>
      </div>
    </Section>
  );
}
