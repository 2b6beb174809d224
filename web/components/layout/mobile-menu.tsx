import { useState, type ButtonHTMLAttributes } from "react";

import { PageLink } from "../ui/page-link";
import { SubmenuToggle } from "./submenu-toggle";
import type { NavItem } from "./nav-item";

/**
 * The open mobile menu, under the header: each section's link, its submenu expanded by a toggle,
 * and Contact Us. `onNavigate` closes it when a link is followed.
 */
export function MobileMenu({
  id,
  items,
  contactLabel,
  contactButtonProps,
  onNavigate,
}: {
  id: string;
  items: NavItem[];
  contactLabel: string;
  contactButtonProps: ButtonHTMLAttributes<HTMLButtonElement>;
  onNavigate: () => void;
}) {
  const [expanded, setExpanded] = useState<string | null>(null);
  return (
    <nav
      id={id}
      aria-label="Mobile"
      className="fixed inset-x-0 top-(--header-height) bottom-0 overflow-y-auto border-t border-navy/10 bg-white px-4 py-6 lg:hidden"
    >
      <ul className="space-y-1">
        {items.map((item) => {
          const isExpanded = expanded === item.label;
          const submenuId = `${id}-${item.label}`;
          return (
            <li key={item.label}>
              <div className="flex items-center justify-between">
                <PageLink href={item.href} onClick={onNavigate} className="flex-1 rounded-lg px-3 py-3 text-base font-semibold text-navy">
                  {item.label}
                </PageLink>
                {item.submenu && (
                  <SubmenuToggle
                    open={isExpanded}
                    controls={submenuId}
                    className="rounded-lg p-3 text-navy"
                    aria-label={`${item.label} submenu`}
                    onClick={() => setExpanded(isExpanded ? null : item.label)}
                  />
                )}
              </div>
              {item.submenu && isExpanded && (
                <ul id={submenuId} className="mb-2 ml-3 border-l-2 border-amber/60 pl-3">
                  {item.submenu.entries.map((entry) => (
                    <li key={entry.href}>
                      <PageLink href={entry.href} onClick={onNavigate} className="block rounded-lg px-3 py-2 text-sm text-ink">
                        {entry.label}
                      </PageLink>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      <button {...contactButtonProps} className="mt-6 flex w-full justify-center rounded-full bg-amber px-5 py-3 font-semibold text-navy">
        {contactLabel}
      </button>
    </nav>
  );
}
