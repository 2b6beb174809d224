import type { QuoteTestimonial } from "@/lib/content";

import { Section, SectionHeading } from "../ui/section";

export function QuoteTestimonials({ testimonials }: { testimonials: QuoteTestimonial[] }) {
  return (
    <Section name="testimonials" tone="surface">
      <SectionHeading eyebrow="In their words" title="Testimonials" />
      <ul className="mt-12 grid gap-6 md:grid-cols-2">
        {testimonials.map((testimonial) => (
          <li key={testimonial.id}>
            <figure className="h-full rounded-2xl bg-white p-8 shadow-sm">
              <blockquote className="text-lg leading-relaxed text-ink">&ldquo;{testimonial.quote}&rdquo;</blockquote>
              <figcaption className="mt-6">
                <p className="font-semibold text-navy">{testimonial.author}</p>
                <p className="text-sm text-muted">{testimonial.title}</p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
