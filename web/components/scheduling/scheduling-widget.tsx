import type { Scheduling } from "@/lib/content";

import { Section } from "../ui/section";
import { schedulingUrl } from "./scheduling-url";

/** The external booking page in an inline frame, always 700 px high. */
export function SchedulingWidget({ scheduling, siteUrl, email }: { scheduling: Scheduling; siteUrl: string; email: string }) {
  return (
    // The navy top strip lets the calendar card overlap the hero band.
    <Section
      name="scheduling"
      tone="surface"
      className="bg-[linear-gradient(to_bottom,var(--color-navy)_0_4rem,transparent_4rem)] pt-0! sm:pt-0!"
    >
      <div className="overflow-hidden rounded-3xl bg-white shadow-2xl shadow-navy/15 ring-1 ring-navy/10">
        <iframe
          src={schedulingUrl(scheduling, siteUrl)}
          title="Book an appointment call"
          loading="lazy"
          height={scheduling.height}
          style={{ height: scheduling.height }}
          className="block w-full border-0"
        />
      </div>
      <p className="mt-6 text-center text-sm text-muted">
        Calendar not loading?{" "}
        <a href={scheduling.url} target="_blank" rel="noopener noreferrer" className="font-semibold text-navy underline underline-offset-4 hover:text-teal">
          Open the booking page in a new tab
        </a>{" "}
        or write to{" "}
        <a href={`mailto:${email}`} className="font-semibold text-navy underline underline-offset-4 hover:text-teal">
          {email}
        </a>
        .
      </p>
    </Section>
  );
}
