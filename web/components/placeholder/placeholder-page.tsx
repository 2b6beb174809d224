import { Container } from "../ui/container";

/**
 * A page that shows its heading alone (/pricing, /about). A light band that fills the
 * screen, so the heading does not run into the navy footer.
 */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section data-section="hero" className="relative overflow-hidden bg-surface pt-(--header-height)">
      <div aria-hidden="true" className="absolute -top-32 -right-24 size-[28rem] bg-radial from-amber/20 to-transparent to-70%" />
      <div aria-hidden="true" className="absolute -bottom-40 -left-24 size-[26rem] bg-radial from-teal/15 to-transparent to-70%" />
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[linear-gradient(to_right,rgb(20_33_61/0.05)_1px,transparent_1px),linear-gradient(to_bottom,rgb(20_33_61/0.05)_1px,transparent_1px)] bg-[size:3rem_3rem] [mask-image:radial-gradient(ellipse_at_center,black_30%,transparent_75%)]"
      />
      <Container className="relative flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
        <h1 className="text-5xl font-bold tracking-tight text-navy sm:text-7xl">{title}</h1>
        <span aria-hidden="true" className="mt-8 h-1.5 w-20 rounded-full bg-amber" />
      </Container>
    </section>
  );
}
