import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { OfferingDetailSections } from "@/components/solutions/offering-detail-sections";
import { OfferingJsonLd } from "@/components/solutions/offering-json-ld";
import { SubHeaderIntro } from "@/components/solutions/sub-header-intro";
import { ButtonLink } from "@/components/ui/button-link";
import { getEdutechPage, getEdutechService } from "@/lib/content";
import { pageMetadata } from "@/lib/metadata";
import { nextInCycle, paths } from "@/lib/routes";
import { sections } from "@/lib/sections";

type Props = { params: Promise<{ id: string }> };

// Only these ids are pages; proxy.ts answers a page load of any other with its not-found screen.
export const dynamicParams = false;

export function generateStaticParams() {
  return getEdutechPage().services.map((service) => ({ id: String(service.id) }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const service = getEdutechService((await params).id);
  if (!service) notFound();
  return pageMetadata({
    title: "EduTech Details",
    description: service.description,
    path: paths.edutechService(service.id),
    card: true,
  });
}

export default async function EdutechServicePage({ params }: Props) {
  const service = getEdutechService((await params).id);
  if (!service) notFound();
  const next = nextInCycle(getEdutechPage().services, service.id) ?? service;
  return (
    <>
      <SubHeaderIntro
        eyebrow={service.category}
        title={service.title}
        summary={service.description}
        subHeader={service.sub_headers.title}
        points={service.sub_headers.sub_points}
        image={service.sub_headers.mockupImage}
        imageAlt={`Overview mockup of ${service.title}`}
        actions={
          <ButtonLink href={paths.requestDemo} track={["request_quote_click", {}]}>
            Request a Quote
          </ButtonLink>
        }
      />
      <OfferingDetailSections offering={service} next={{ title: next.title, href: paths.edutechService(next.id) }} />
      <OfferingJsonLd
        section={sections.edutech}
        name={service.title}
        description={service.description}
        category={service.category}
        path={paths.edutechService(service.id)}
      />
    </>
  );
}
