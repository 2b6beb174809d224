// The header menu as site.json gives it: top-level links, some with a submenu.
export type NavLink = { label: string; href: string };
export type NavItem = NavLink & { submenu?: { overviewLabel: string; entries: NavLink[] } };
