"use client";

import { usePathname } from "next/navigation";
import { lazy, Suspense, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from "react";

import { track } from "@/lib/analytics/events";
import { earlyPress } from "@/lib/early-press";
import { useEarlyPresses } from "@/lib/use-early-presses";
import type { FormConfig } from "@/lib/forms/config";

import { PageLink } from "../ui/page-link";
import { useLazyDialog } from "../ui/use-lazy-dialog";
import { SubmenuToggle } from "./submenu-toggle";
import { DesktopSubmenu } from "./desktop-submenu";
import { MobileMenu } from "./mobile-menu";
import type { NavItem } from "./nav-item";

// The modal and its form load on first use (a hover or focus on Contact Us starts the download).
const loadContactModal = () => import("../forms/contact-modal");
const ContactModal = lazy(() => loadContactModal().then((module) => ({ default: module.ContactModal })));

// The submenus and the mobile menu are rendered only while open: they need this script to open
// at all, and kept hidden in the server HTML they cost every page a kilobyte of its first round trip.

// A submenu closes 150 ms after the pointer leaves, so a diagonal move to it does not close it.
const CLOSE_DELAY_MS = 150;

/**
 * The header's controls, one client leaf for the state they share: the desktop menu bar and its
 * submenus (desktop-submenu.tsx), Contact Us and its modal, and the mobile menu (mobile-menu.tsx)
 * with its toggle. Presses made before hydration take effect when it hydrates.
 */
export function HeaderNav({
  items,
  contactLabel,
  contactForm,
}: {
  items: NavItem[];
  contactLabel: string;
  contactForm: FormConfig;
}) {
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const contact = useLazyDialog(loadContactModal);
  const closeTimer = useRef<number | undefined>(undefined);
  // The submenu a mouse opened by hovering, until its toggle is clicked: moving onto the chevron
  // opens it, and the click that follows in the same motion means "open", not "close".
  const hoverOpened = useRef<string | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  const id = useId();

  const close = () => {
    hoverOpened.current = null;
    setOpenMenu(null);
  };

  // A new page closes the menus, in the render that shows it: no frame shows the last page's menu.
  // hoverOpened may still name one, but it only counts while the menu it names is open, and a menu
  // opens by a hover, which sets it, or by a click, which clears it when it names that menu.
  const [menusPath, setMenusPath] = useState(pathname);
  if (menusPath !== pathname) {
    setMenusPath(pathname);
    setOpenMenu(null);
    setMobileOpen(false);
  }

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const open = (label: string) => {
    window.clearTimeout(closeTimer.current);
    setOpenMenu(label);
  };
  const closeSoon = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(close, CLOSE_DELAY_MS);
  };
  // Hover is a mouse's: a finger's pointerenter comes with its tap, whose click is the toggle.
  const hoverOpen = (event: PointerEvent, label: string) => {
    if (event.pointerType !== "mouse") return;
    if (openMenu !== label) hoverOpened.current = label;
    open(label);
  };
  const toggle = (label: string) => {
    if (hoverOpened.current === label) {
      hoverOpened.current = null;
      open(label);
    } else if (openMenu === label) {
      close();
    } else {
      open(label);
    }
  };
  const openContact = () => {
    track("contact_us_click", { source: "header" });
    setMobileOpen(false);
    contact.show();
  };
  const closeContact = () => {
    contact.hide();
    // Opened from the mobile menu, which has closed since: its toggle takes the focus back.
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!(active instanceof HTMLElement) || active === document.body || !active.checkVisibility()) {
        menuButton.current?.focus();
      }
    });
  };
  const contactButtonProps = {
    type: "button",
    onClick: openContact,
    ...contact.openerProps,
    ...earlyPress("contact"),
  } as const;
  // Pressed before this hydrated (a phone may take seconds): the press takes effect now.
  const submenus = items.filter((item) => item.submenu).map((item) => `menu:${item.label}`);
  useEarlyPresses(["contact", "mobile-menu", ...submenus], (name) => {
    if (name === "contact") {
      openContact();
    } else if (name === "mobile-menu") {
      setMobileOpen(true);
    } else {
      open(name.slice("menu:".length));
    }
  });
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      close();
      setMobileOpen(false);
    }
  };
  const closeWhenFocusLeaves = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) {
      close();
    }
  };

  return (
    <div onKeyDown={closeOnEscape} className="flex items-center gap-3">
      <nav aria-label="Main" className="hidden lg:block">
        <ul className="flex items-center gap-1">
          {items.map((item) => {
            const isOpen = openMenu === item.label;
            const panelId = `${id}-${item.label}`;
            return (
              <li
                key={item.label}
                className="relative"
                onPointerEnter={item.submenu ? (event) => hoverOpen(event, item.label) : undefined}
                onPointerLeave={item.submenu ? (event) => event.pointerType === "mouse" && closeSoon() : undefined}
                onBlur={item.submenu ? closeWhenFocusLeaves : undefined}
              >
                <div className="flex items-center rounded-lg text-sm font-medium text-navy hover:bg-surface">
                  <PageLink
                    href={item.href}
                    className={`px-3 py-2 ${pathname.startsWith(item.href) ? "text-amber-700" : ""}`}
                    aria-current={pathname === item.href ? "page" : undefined}
                  >
                    {item.label}
                  </PageLink>
                  {item.submenu && (
                    <SubmenuToggle
                      open={isOpen}
                      controls={panelId}
                      className="-ml-2 rounded-md p-2"
                      aria-label={`${item.label} menu`}
                      onClick={() => toggle(item.label)}
                      {...earlyPress(`menu:${item.label}`)}
                    />
                  )}
                </div>
                {item.submenu && isOpen && <DesktopSubmenu id={panelId} item={item} submenu={item.submenu} />}
              </li>
            );
          })}
        </ul>
      </nav>
      <button
        {...contactButtonProps}
        className="hidden rounded-full bg-amber px-5 py-2.5 text-sm font-semibold text-navy shadow-sm hover:bg-amber-600 lg:inline-flex"
      >
        {contactLabel}
      </button>
      <button
        ref={menuButton}
        type="button"
        className="rounded-lg p-2 text-navy hover:bg-surface lg:hidden"
        aria-expanded={mobileOpen}
        aria-controls={mobileOpen ? `${id}-mobile` : undefined}
        aria-label={mobileOpen ? "Close menu" : "Open menu"}
        onClick={() => setMobileOpen((value) => !value)}
        {...earlyPress("mobile-menu")}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6">
          <path
            d={mobileOpen ? "M6 6l12 12M18 6L6 18" : "M4 7h16M4 12h16M4 17h16"}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      {mobileOpen && (
        <MobileMenu
          id={`${id}-mobile`}
          items={items}
          contactLabel={contactLabel}
          contactButtonProps={contactButtonProps}
          onNavigate={() => setMobileOpen(false)}
        />
      )}
      {contact.mounted && (
        <Suspense>
          <ContactModal config={contactForm} open={contact.open} onClose={closeContact} />
        </Suspense>
      )}
    </div>
  );
}
