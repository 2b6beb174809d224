import { getAiSolutionsPage, getEdutechPage, getServicesPage, getSite, type Submenu } from "@/lib/content";
import { formConfig } from "@/lib/forms/config";
import { paths } from "@/lib/routes";

import { PageLink } from "../ui/page-link";
import { HeaderNav } from "./header-nav";
import type { NavItem } from "./nav-item";

const submenuEntries: Record<Submenu["source"], () => { label: string; href: string }[]> = {
  "ai-solutions": () => getAiSolutionsPage().solutions.map((s) => ({ label: s.title, href: paths.aiSolution(s.id) })),
  edutech: () => getEdutechPage().services.map((s) => ({ label: s.title, href: paths.edutechService(s.id) })),
  services: () => getServicesPage().services.map((s) => ({ label: s.title, href: paths.service(s.id) })),
};

export function SiteHeader() {
  const site = getSite();
  const items: NavItem[] = site.header.menu.map((item) => ({
    label: item.label,
    href: item.href,
    submenu: item.submenu && {
      overviewLabel: item.submenu.overviewLabel,
      entries: submenuEntries[item.submenu.source](),
    },
  }));
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-(--header-height) border-b border-navy/10 bg-white/95">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-6 px-4 sm:px-6 lg:px-8">
        <PageLink href={paths.home} className="flex items-center gap-2 text-lg font-bold text-navy">
          <span aria-hidden="true" className="grid size-9 place-items-center rounded-xl bg-navy text-amber">
            {site.name.charAt(0)}
          </span>
          {site.name}
        </PageLink>
        <HeaderNav items={items} contactLabel={site.header.contactLabel} contactForm={formConfig("contact")} />
      </div>
    </header>
  );
}
