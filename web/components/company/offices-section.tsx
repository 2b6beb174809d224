import { trackOnClick } from "@/lib/analytics/events";
import type { Office } from "@/lib/content";

import { Section, SectionHeading } from "../ui/section";
import { ChatIcon, MailIcon, PhoneIcon, PinIcon } from "./contact-icons";

const rowClass = "flex items-start gap-3";
const iconWrap = "mt-0.5 grid size-9 shrink-0 place-items-center rounded-xl bg-amber/15 text-amber-700";
const linkClass = "font-medium text-navy underline-offset-4 hover:text-teal hover:underline";

function OfficeCard({ office }: { office: Office }) {
  return (
    <article data-office={office.id} className="flex h-full flex-col rounded-3xl bg-white p-8 shadow-sm ring-1 ring-navy/10 sm:p-10">
      <p className="text-sm font-semibold tracking-wider text-amber-700 uppercase">{office.country}</p>
      <h3 className="mt-1 text-2xl font-bold text-navy">{office.city}</h3>
      <ul className="mt-6 space-y-4 text-ink/80">
        <li className={rowClass}>
          <span className={iconWrap}>
            <PinIcon />
          </span>
          <address className="not-italic leading-relaxed">{office.address}</address>
        </li>
        <li className={rowClass}>
          <span className={iconWrap}>
            <PhoneIcon />
          </span>
          <a
            href={office.phoneHref}
            className={`${linkClass} mt-1.5`}
            data-contact="phone"
            {...trackOnClick("contact_info_click", { type: "phone", location: office.id })}
          >
            {office.phone}
          </a>
        </li>
        <li className={rowClass}>
          <span className={iconWrap}>
            <MailIcon />
          </span>
          <a
            href={`mailto:${office.email}`}
            className={`${linkClass} mt-1.5 break-all`}
            data-contact="email"
            {...trackOnClick("contact_info_click", { type: "email", location: office.id })}
          >
            {office.email}
          </a>
        </li>
      </ul>
      <div className="mt-auto pt-8">
        <a
          href={office.chatUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-contact="whatsapp"
          {...trackOnClick("contact_info_click", { type: "whatsapp", location: office.id })}
          className="inline-flex items-center gap-2 rounded-full bg-teal-700 px-5 py-2.5 text-sm font-semibold text-white transition hover:bg-navy"
        >
          <ChatIcon className="size-4" />
          Chat with our {office.city} office
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </article>
  );
}

export function OfficesSection({ offices }: { offices: Office[] }) {
  return (
    <Section name="offices" tone="surface">
      <SectionHeading eyebrow="Where we work" title="Our Offices" />
      <ul className="mt-12 grid gap-6 md:grid-cols-2">
        {offices.map((office) => (
          <li key={office.id}>
            <OfficeCard office={office} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
