import { CheckList } from "../ui/check-list";
import { Picture } from "../ui/picture";
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
          <CheckList points={points} className="mt-8" />
        </div>
        <Picture src={image} alt={imageAlt} width={1200} height={900} className="h-auto w-full rounded-3xl shadow-xl shadow-navy/10" />
      </div>
    </Section>
  );
}
