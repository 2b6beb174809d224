import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { ClosingCta } from "@/components/detail/closing-cta";
import { MoreServices } from "@/components/solutions/more-services";
import { toSummaries } from "@/components/solutions/offering";
import { OfferingJsonLd } from "@/components/solutions/offering-json-ld";
import { ServiceQuoteButton } from "@/components/solutions/service-quote-button";
import { SubHeaderIntro } from "@/components/solutions/sub-header-intro";
import { getService, getServicesPage } from "@/lib/content";
import { formConfig } from "@/lib/forms/config";
import { getDefaultPhoneCountry } from "@/lib/forms/default-phone-country";
import { pageMetadata } from "@/lib/metadata";
import { nextInCycle, paths } from "@/lib/routes";
import { sections } from "@/lib/sections";

type Props = { params: Promise<{ id: string }> };

// Only these ids are pages; proxy.ts answers a page load of any other with its not-found screen.
export const dynamicParams = false;

export function generateStaticParams() {
  return getServicesPage().services.map((service) => ({ id: String(service.id) }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const service = getService((await params).id);
  if (!service) notFound();
  return pageMetadata({
    title: "Service Details",
    description: service.description,
    path: paths.service(service.id),
    card: true,
  });
}

export default async function ServicePage({ params }: Props) {
  const service = getService((await params).id);
  if (!service) notFound();
  const { services } = getServicesPage();
  // Cyclic over ids 7 to 12: the last service leads back to the first.
  const next = nextInCycle(services, service.id) ?? service;
  return (
    <>
      <SubHeaderIntro
        eyebrow={service.category}
        title={service.title}
        summary={service.description}
        subHeader={service.sub_headers.title}
        points={service.sub_headers.sub_points}
        image={service.sub_headers.mockupImage}
        imageAlt={`Mockup of a ${service.title} project`}
        actions={
          <ServiceQuoteButton
            label="Request a Quote"
            config={formConfig("quote")}
            defaultCountry={getDefaultPhoneCountry()}
          />
        }
      />
      <MoreServices
        items={toSummaries(
          services.filter((other) => other.id !== service.id),
          paths.service,
        )}
      />
      <ClosingCta
        heading={`Let's talk about your ${service.title} project`}
        text={`Tell us what you need and we will come back with a plan, a timeline and a quote. Or keep exploring: next up is ${next.title}.`}
        nextLabel="Next Service"
        nextHref={paths.service(next.id)}
      />
      <OfferingJsonLd
        section={sections.services}
        name={service.title}
        description={service.description}
        category={service.category}
        path={paths.service(service.id)}
      />
    </>
  );
}
