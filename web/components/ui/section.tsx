import type { ReactNode } from "react";

import { Container } from "./container";

const tones = {
  white: "bg-white text-ink",
  surface: "bg-surface text-ink",
  navy: "bg-navy text-white",
} as const;

export type Tone = keyof typeof tones;

/** A full-width page band; `name` marks it for tests and analytics (data-section). */
export function Section({
  name,
  tone = "white",
  children,
  className = "",
  id,
}: {
  name: string;
  tone?: Tone;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <section id={id} data-section={name} className={`py-16 sm:py-24 ${tones[tone]} ${className}`}>
      <Container>{children}</Container>
    </section>
  );
}

export function SectionHeading({
  eyebrow,
  title,
  intro,
  tone = "white",
  align = "center",
  level = 2,
}: {
  eyebrow?: string;
  title: string;
  intro?: string;
  tone?: Tone;
  align?: "center" | "left";
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  const dark = tone === "navy";
  return (
    <div className={`max-w-3xl ${align === "center" ? "mx-auto text-center" : ""}`}>
      {eyebrow && (
        <p className={`text-sm font-semibold tracking-wider uppercase ${dark ? "text-amber" : "text-amber-700"}`}>
          {eyebrow}
        </p>
      )}
      <Heading className={`mt-2 text-3xl font-bold tracking-tight sm:text-4xl ${dark ? "text-white" : "text-navy"}`}>
        {title}
      </Heading>
      {intro && <p className={`mt-4 text-lg leading-relaxed ${dark ? "text-white/75" : "text-muted"}`}>{intro}</p>}
    </div>
  );
}
