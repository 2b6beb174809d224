import type { CertificationsSection as Certifications } from "@/lib/content";

import { Picture } from "../ui/picture";
import { Reveal } from "../ui/reveal";
import { Section, SectionHeading } from "../ui/section";

/** Six certification badges, each with its name, issuing authority and year. */
export function CertificationsSection({ certifications }: { certifications: Certifications }) {
  return (
    <Section name="certifications" tone="surface">
      <Reveal>
        <SectionHeading title={certifications.heading} intro={certifications.intro} />
      </Reveal>
      <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {certifications.items.map((item, index) => (
          <li key={item.name}>
            <Reveal from={index % 2 === 0 ? "left" : "right"} className="h-full">
              <article
                data-certification
                className="flex h-full items-start gap-5 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-navy/5 transition duration-300 hover:shadow-lg hover:shadow-navy/10"
              >
                <Picture src={item.image} alt="" width={400} height={400} className="size-20 shrink-0 rounded-2xl" />
                <div className="min-w-0">
                  <h3 className="font-bold text-navy">{item.name}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-muted">{item.authority}</p>
                  <p className="mt-3 inline-flex rounded-full bg-teal/10 px-3 py-1 text-xs font-semibold text-teal-700">
                    <time dateTime={item.date}>{item.date}</time>
                  </p>
                </div>
              </article>
            </Reveal>
          </li>
        ))}
      </ul>
    </Section>
  );
}
