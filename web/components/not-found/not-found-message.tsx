import { ButtonLink } from "../ui/button-link";
import { Container } from "../ui/container";

/** The body of a not-found screen; each route passes its own message. */
export function NotFoundMessage({ message, backHref, backLabel }: { message: string; backHref: string; backLabel: string }) {
  return (
    <section data-section="not-found" className="bg-surface pt-(--header-height)">
      <Container className="flex min-h-[60vh] flex-col items-center justify-center gap-6 py-24 text-center">
        <p className="text-7xl font-bold text-amber-700">404</p>
        <h1 className="text-3xl font-bold text-navy sm:text-4xl">{message}</h1>
        <ButtonLink href={backHref} variant="dark">
          {backLabel}
        </ButtonLink>
      </Container>
    </section>
  );
}
