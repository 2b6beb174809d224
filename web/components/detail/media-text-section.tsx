import Image from "next/image";

import { Section, SectionHeading, type Tone } from "../ui/section";

/** A heading, an optional lead paragraph and a checklist beside a mockup: the problem and the solution. */
export function MediaTextSection({
  name,
  title,
  lead,
  points,
  image,
  imageAlt,
  imageSide,
  tone = "white",
}: {
  name: string;
  title: string;
  lead?: string;
  points: string[];
  image: string;
  imageAlt: string;
  imageSide: "left" | "right";
  tone?: Tone;
}) {
  return (
    <Section name={name} tone={tone}>
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div className={imageSide === "left" ? "lg:order-2" : ""}>
          <SectionHeading title={title} intro={lead} align="left" tone={tone} />
          <ul className="mt-8 space-y-4">
            {points.map((point) => (
              <li key={point} className="flex gap-3">
                <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-teal" fill="currentColor">
                  <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zm-1.2 12.2L5 9.9l1.4-1.4 2.4 2.4 4.8-4.8 1.4 1.4z" />
                </svg>
                <span className="leading-relaxed">{point}</span>
              </li>
            ))}
          </ul>
        </div>
        <Image src={image} alt={imageAlt} width={1200} height={900} className="h-auto w-full rounded-3xl shadow-xl shadow-navy/10" />
      </div>
    </Section>
  );
}
