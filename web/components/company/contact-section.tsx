import { trackOnClick } from "@/lib/analytics/events";
import type { SiteContent } from "@/lib/content";

import { Section, SectionHeading } from "../ui/section";
import { SocialLinks } from "../ui/social-links";
import { MailIcon, PhoneIcon } from "./contact-icons";

const cardClass = "flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy/10 transition hover:ring-amber/60 hover:shadow-md";
const iconWrap = "grid size-11 shrink-0 place-items-center rounded-xl bg-navy text-amber";

/** General inquiry emails and phone, and the four social networks. */
export function ContactSection({ site }: { site: SiteContent }) {
  const { contact } = site;
  const channels = [
    { label: "General inquiries", value: contact.generalEmail, href: `mailto:${contact.generalEmail}`, kind: "email", location: "general_inquiries", icon: <MailIcon /> },
    { label: "Sales", value: contact.salesEmail, href: `mailto:${contact.salesEmail}`, kind: "email", location: "general_sales", icon: <MailIcon /> },
    { label: "Phone", value: contact.phone, href: contact.phoneHref, kind: "phone", location: "general", icon: <PhoneIcon /> },
  ] as const;
  return (
    <Section name="contact">
      <SectionHeading eyebrow="Get in touch" title="General Inquiries" />
      <ul className="mx-auto mt-12 grid max-w-5xl gap-4 md:grid-cols-3">
        {channels.map((channel) => (
          <li key={channel.href}>
            <a
              href={channel.href}
              data-contact={channel.kind}
              className={cardClass}
              {...trackOnClick("contact_info_click", { type: channel.kind, location: channel.location })}
            >
              <span className={iconWrap}>{channel.icon}</span>
              <span className="min-w-0">
                <span className="block text-xs font-semibold tracking-wider text-muted uppercase">{channel.label}</span>
                <span className="block font-semibold break-all text-navy">{channel.value}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      <SocialLinks links={site.social} tone="light" className="mt-10 justify-center" />
    </Section>
  );
}
