import { getServicesPage, getSite } from "@/lib/content";
import { paths } from "@/lib/routes";

import { CookieSettingsButton } from "../consent/cookie-settings-button";
import { PageLink } from "../ui/page-link";
import { SocialLinks } from "../ui/social-links";
import { CurrentYear } from "./current-year";

function FooterHeading({ children }: { children: string }) {
  return <h2 className="text-sm font-semibold tracking-wider text-amber uppercase">{children}</h2>;
}

const linkClass = "text-sm text-white/75 hover:text-white";

export function SiteFooter() {
  const site = getSite();
  const { footer, contact } = site;
  const [beforeYear = "", afterYear = ""] = footer.copyright.replace("{name}", site.name).split("{year}");
  return (
    <footer className="bg-navy text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="text-lg font-bold">{site.name}</p>
          <p className="mt-3 text-sm leading-relaxed text-white/70">{footer.blurb}</p>
        </div>
        <div>
          <FooterHeading>{footer.company.title}</FooterHeading>
          <ul className="mt-4 space-y-3">
            {footer.company.links.map((link) => (
              <li key={link.href}>
                <PageLink href={link.href} className={linkClass}>
                  {link.label}
                </PageLink>
              </li>
            ))}
            <li>
              <a href={`mailto:${contact.generalEmail}`} className={linkClass}>
                {footer.company.contactLabel}
              </a>
            </li>
            <li>
              <CookieSettingsButton label={footer.cookieSettingsLabel} className={linkClass} />
            </li>
          </ul>
        </div>
        <div>
          <FooterHeading>{footer.servicesTitle}</FooterHeading>
          <ul className="mt-4 space-y-3">
            {getServicesPage().services.map((service) => (
              <li key={service.id}>
                <PageLink href={paths.service(service.id)} className={linkClass}>
                  {service.title}
                </PageLink>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <FooterHeading>{footer.connectTitle}</FooterHeading>
          <ul className="mt-4 space-y-3">
            <li>
              <a href={`mailto:${contact.generalEmail}`} className={linkClass}>
                {contact.generalEmail}
              </a>
            </li>
            <li>
              <a href={`mailto:${contact.salesEmail}`} className={linkClass}>
                {contact.salesEmail}
              </a>
            </li>
            <li>
              <a href={contact.phoneHref} className={linkClass}>
                {contact.phone}
              </a>
            </li>
          </ul>
          <SocialLinks links={site.social} tone="dark" className="mt-5" />
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-white/60 sm:px-6 lg:px-8" data-copyright>
          {beforeYear}
          <CurrentYear builtIn={new Date().getFullYear()} />
          {afterYear}
        </p>
      </div>
    </footer>
  );
}
