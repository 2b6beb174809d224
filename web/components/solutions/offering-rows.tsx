import { entryNumber } from "../ui/entry-number";
import { Picture } from "../ui/picture";
import { Reveal } from "../ui/reveal";
import { revealSide } from "../ui/reveal-side";
import { Section } from "../ui/section";
import { LearnMoreLink } from "./learn-more-link";
import { listImageSize, type OfferingSummary } from "./offering";

/**
 * List entries in alternating image and text rows: image left, then right, and so on. Each row
 * slides in from its image's side.
 */
export function OfferingRows({ name, items }: { name: string; items: OfferingSummary[] }) {
  return (
    // overflow-x-clip: a row sliding in from the right must not widen the page on a phone.
    <Section name={name} className="overflow-x-clip">
      <ol className="space-y-20 sm:space-y-28">
        {items.map((item, index) => {
          const titleId = `${name}-${item.id}-title`;
          const imageRight = index % 2 === 1;
          return (
            <li key={item.id} data-item={item.id}>
              <Reveal from={revealSide(index)}>
                <article className="grid items-center gap-8 lg:grid-cols-2 lg:gap-16">
                  <div className={`relative isolate ${imageRight ? "lg:order-2" : ""}`}>
                    <div
                      aria-hidden="true"
                      className={`absolute -inset-3 -z-10 rounded-[2rem] sm:-inset-4 ${index % 3 === 0 ? "bg-amber/15" : index % 3 === 1 ? "bg-teal/15" : "bg-sky/25"} ${imageRight ? "rotate-2" : "-rotate-2"}`}
                    />
                    <Picture
                      src={item.image}
                      alt={`Illustration of ${item.title}`}
                      {...listImageSize}
                      priority={index === 0}
                      className="h-auto w-full rounded-3xl bg-surface shadow-xl shadow-navy/10 ring-1 ring-navy/5"
                    />
                  </div>
                  <div>
                    <p
                      aria-hidden="true"
                      className="inline-grid h-10 min-w-10 place-items-center rounded-full bg-navy px-3 text-sm font-bold text-amber"
                    >
                      {entryNumber(index)}
                    </p>
                    <h2 id={titleId} className="mt-4 text-2xl font-bold tracking-tight text-navy sm:text-3xl">
                      {item.title}
                    </h2>
                    <p className="mt-4 text-base leading-relaxed text-muted sm:text-lg">{item.description}</p>
                    <LearnMoreLink href={item.href} describedBy={titleId} className="mt-8" />
                  </div>
                </article>
              </Reveal>
            </li>
          );
        })}
      </ol>
    </Section>
  );
}
