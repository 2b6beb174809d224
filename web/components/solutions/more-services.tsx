import { PageLink } from "../ui/page-link";
import { Picture } from "../ui/picture";
import { Section, SectionHeading } from "../ui/section";
import { listImageSize, type OfferingSummary } from "./offering";

/** The other software services, one link each, under a service detail page. */
export function MoreServices({ items }: { items: OfferingSummary[] }) {
  return (
    <Section name="more-services" tone="white">
      <SectionHeading eyebrow="Software Development" title="Explore our other services" />
      <ul className="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-5">
        {items.map((item) => (
          <li key={item.id}>
            <PageLink
              href={item.href}
              className="group flex h-full items-center overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-navy/10 transition hover:-translate-y-1 hover:shadow-lg hover:shadow-navy/10 lg:flex-col lg:items-stretch"
            >
              <Picture src={item.image} alt="" {...listImageSize} className="h-auto w-28 shrink-0 bg-surface lg:w-full" />
              <span className="flex flex-1 items-center justify-between gap-3 p-4 font-semibold text-navy lg:items-start">
                {item.title}
                <span aria-hidden="true" className="text-amber-700 transition group-hover:translate-x-1">
                  &rarr;
                </span>
              </span>
            </PageLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}
