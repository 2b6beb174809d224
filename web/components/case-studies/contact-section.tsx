import { getSite } from "@/lib/content";

import { Section, SectionHeading } from "../ui/section";
import { SocialIcon } from "../ui/social-icon";
import { ContactFormCard } from "./contact-form-card";

const socialButton =
  "inline-flex items-center gap-3 rounded-full border border-navy/15 bg-white px-5 py-3 text-sm font-semibold text-navy shadow-sm transition hover:border-navy hover:bg-navy hover:text-white";

/** The professional-network page and the chat, both in a new tab, beside the contact form. */
export function ContactSection() {
  const site = getSite();
  const network = site.social.find((link) => link.icon === "linkedin");
  return (
    <Section name="contact" tone="white">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading
            eyebrow="Contact"
            title="Have a project like these in mind?"
            intro="Tell us about it, follow our work, or start a chat with the team. We answer every message ourselves."
            align="left"
          />
          <ul className="mt-8 flex flex-wrap gap-4">
            {network && (
              <li>
                <a href={network.href} target="_blank" rel="noopener noreferrer" className={socialButton} data-social={network.icon}>
                  <SocialIcon icon={network.icon} />
                  {network.name}
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            )}
            <li>
              <a href={site.chat.url} target="_blank" rel="noopener noreferrer" className={socialButton} data-social="chat">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
                  <path d="M12 3C6.5 3 2 6.9 2 11.7c0 2.5 1.2 4.7 3.2 6.3L4.5 21l3.6-1.9c1.2.4 2.5.6 3.9.6 5.5 0 10-3.9 10-8.7S17.5 3 12 3z" />
                </svg>
                {site.chat.label}
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </div>
        <ContactFormCard />
      </div>
    </Section>
  );
}
