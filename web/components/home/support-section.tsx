import type { SupportSection as Support } from "@/lib/content";

import { Reveal } from "../ui/reveal";
import { Section } from "../ui/section";

/** 24/7 support: heading, text, the two claims and Chat Now to the site chat (new tab). */
export function SupportSection({ support, chatUrl }: { support: Support; chatUrl: string }) {
  return (
    <Section name="support" tone="surface">
      <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <Reveal from="left">
          <h2 className="text-3xl font-bold tracking-tight text-balance text-navy sm:text-4xl">{support.heading}</h2>
          <p className="mt-5 text-lg leading-relaxed text-muted">{support.text}</p>
          <a
            href={chatUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-chat-now
            className="mt-8 inline-flex items-center justify-center gap-2 rounded-full bg-teal-700 px-6 py-3 text-sm font-semibold text-white shadow-sm transition hover:bg-navy"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
              <path d="M12 3C6.5 3 2 6.9 2 11.7c0 2.5 1.2 4.7 3.2 6.3L4.5 21l3.6-1.9c1.2.4 2.5.6 3.9.6 5.5 0 10-3.9 10-8.7S17.5 3 12 3zm-4 10a1.3 1.3 0 1 1 0-2.6A1.3 1.3 0 0 1 8 13zm4 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6zm4 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6z" />
            </svg>
            {support.chatLabel}
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Reveal>
        <Reveal from="right">
          <div className="relative isolate overflow-hidden rounded-3xl bg-navy p-6 shadow-xl shadow-navy/20 sm:p-8">
            <div aria-hidden="true" className="absolute -top-16 -right-16 -z-10 size-56 bg-radial from-sky/15 to-transparent to-70%" />
            <div aria-hidden="true" className="absolute -bottom-20 -left-10 -z-10 size-56 bg-radial from-teal/20 to-transparent to-70%" />
            <ul className="grid gap-5 text-white sm:grid-cols-2">
              {support.claims.map((claim) => (
                <li key={claim.label} data-claim className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
                  <p className="text-4xl font-bold tracking-tight text-amber sm:text-5xl">{claim.value}</p>
                  <p className="mt-3 leading-snug text-white/80">{claim.label}</p>
                </li>
              ))}
            </ul>
          </div>
        </Reveal>
      </div>
    </Section>
  );
}
