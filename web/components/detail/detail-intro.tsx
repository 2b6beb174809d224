import { ButtonLink } from "../ui/button-link";
import { Container } from "../ui/container";
import { Picture } from "../ui/picture";

/** The opening of a detail page: title, summary, bullet points, Request a Quote and the picture. */
export function DetailIntro({
  eyebrow,
  title,
  summary,
  points,
  image,
  imageAlt,
  quoteHref,
}: {
  eyebrow: string;
  title: string;
  summary: string;
  points: string[];
  image: string;
  imageAlt: string;
  quoteHref: string;
}) {
  return (
    <section data-section="intro" className="bg-navy pt-(--header-height) text-white">
      <Container className="grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wider text-amber uppercase">{eyebrow}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
          <p className="mt-6 text-lg leading-relaxed text-white/80">{summary}</p>
          <ul className="mt-6 space-y-3">
            {points.map((point) => (
              <li key={point} className="flex gap-3 text-white/90">
                <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-amber" />
                {point}
              </li>
            ))}
          </ul>
          <div className="mt-8">
            <ButtonLink href={quoteHref} track={["request_quote_click", {}]}>
              Request a Quote
            </ButtonLink>
          </div>
        </div>
        <Picture
          src={image}
          alt={imageAlt}
          width={1200}
          height={900}
          priority
          className="h-auto max-h-[400px] w-full rounded-3xl bg-white/5 object-contain"
        />
      </Container>
    </section>
  );
}
