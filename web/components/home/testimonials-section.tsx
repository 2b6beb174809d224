import type { TestimonialsSection as Testimonials } from "@/lib/content";

import { Picture } from "../ui/picture";
import { Reveal } from "../ui/reveal";
import { Section, SectionHeading } from "../ui/section";
import { Stars } from "../ui/stars";
import { truncateReview } from "./truncate";

/** Four client reviews with their star rating, each cut to 128 characters. */
export function TestimonialsSection({ testimonials }: { testimonials: Testimonials }) {
  return (
    <Section name="testimonials" tone="white">
      <Reveal>
        <SectionHeading title={testimonials.heading} intro={testimonials.intro} />
      </Reveal>
      <ul className="mt-12 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {testimonials.items.map((item) => (
          <li key={item.name}>
            <Reveal className="h-full">
              <figure
                data-testimonial
                className="relative flex h-full flex-col rounded-3xl bg-surface p-7 transition duration-300 hover:-translate-y-1 hover:bg-white hover:shadow-xl hover:shadow-navy/10 hover:ring-1 hover:ring-navy/5"
              >
                <span aria-hidden="true" className="absolute top-4 right-6 font-serif text-7xl leading-none text-amber/30">
                  &ldquo;
                </span>
                <Stars count={item.rating} />
                <blockquote className="mt-5 flex-1 leading-relaxed text-ink">
                  <p data-review>{truncateReview(item.review)}</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t border-navy/10 pt-5">
                  <Picture src={item.image} alt="" width={400} height={400} className="size-12 rounded-full bg-white" />
                  <span>
                    <span className="block font-semibold text-navy">{item.name}</span>
                    <span className="block text-sm text-muted">{item.company}</span>
                  </span>
                </figcaption>
              </figure>
            </Reveal>
          </li>
        ))}
      </ul>
    </Section>
  );
}
