import type { CaseStudyClient } from "@/lib/content";

import { Picture } from "../ui/picture";
import { Section, SectionHeading } from "../ui/section";
import { Stars } from "../ui/stars";

/** A case study's Client's Review: image, name, title, star count and the review. */
export function ClientReviewSection({ clients }: { clients: CaseStudyClient[] }) {
  return (
    <Section name="review">
      <SectionHeading eyebrow="In their words" title="Client's Review" />
      <ul className="mx-auto mt-12 max-w-4xl space-y-8">
        {clients.map((client) => (
          <li key={client.id}>
            <figure className="relative flex flex-col gap-8 rounded-3xl bg-surface p-8 sm:flex-row sm:items-start sm:p-12">
              <span aria-hidden="true" className="absolute top-4 right-8 font-serif text-8xl leading-none text-amber/30">
                &rdquo;
              </span>
              <Picture
                src={client.image}
                alt={`Portrait of ${client.name}`}
                width={400}
                height={400}
                className="size-24 shrink-0 rounded-full bg-white shadow-md ring-4 ring-white sm:size-28"
              />
              <div className="relative">
                <Stars count={client.stars} />
                <blockquote className="mt-4 text-lg leading-relaxed text-ink">{client.review}</blockquote>
                <figcaption className="mt-6">
                  <p className="font-semibold text-navy">{client.name}</p>
                  <p className="text-sm text-muted">{client.title}</p>
                </figcaption>
              </div>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
