import { Picture } from "../ui/picture";
import { Reveal } from "../ui/reveal";
import { Section } from "../ui/section";
import { LearnMoreLink } from "./learn-more-link";
import { listImageSize, type OfferingSummary } from "./offering";

/** List entries as a card grid: image, title, description and 'Learn More'. */
export function OfferingCards({ name, items }: { name: string; items: OfferingSummary[] }) {
  return (
    <Section name={name} tone="surface">
      <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
        {items.map((item, index) => {
          const titleId = `${name}-${item.id}-title`;
          return (
            <li key={item.id} data-item={item.id}>
              <Reveal className="h-full">
                <article className="flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-navy/5 transition hover:-translate-y-1 hover:shadow-xl hover:shadow-navy/10">
                  <Picture
                    src={item.image}
                    alt={`Illustration of ${item.title}`}
                    {...listImageSize}
                    priority={index === 0}
                    className="h-auto w-full border-b border-navy/5 bg-surface"
                  />
                  <div className="flex flex-1 flex-col p-6 sm:p-8">
                    <h2 id={titleId} className="text-xl font-bold tracking-tight text-navy sm:text-2xl">
                      {item.title}
                    </h2>
                    <p className="mt-3 mb-8 leading-relaxed text-muted">{item.description}</p>
                    <LearnMoreLink href={item.href} describedBy={titleId} variant="outline" className="mt-auto self-start" />
                  </div>
                </article>
              </Reveal>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
