import { PageLink } from "../ui/page-link";
import type { NavItem } from "./nav-item";

function columns<T>(entries: T[]): [T[], T[]] {
  const half = Math.ceil(entries.length / 2);
  return [entries.slice(0, half), entries.slice(half)];
}

/** An open desktop submenu: its entries in two columns, then the link to the section's overview. */
export function DesktopSubmenu({ id, item, submenu }: { id: string; item: NavItem; submenu: NonNullable<NavItem["submenu"]> }) {
  return (
    // The padding bridges the gap below the trigger, so the pointer never "leaves" on its way down.
    <div id={id} data-submenu={item.label} className="absolute top-full left-0 pt-3">
      <div className="w-[34rem] rounded-2xl border border-navy/10 bg-white p-6 shadow-xl shadow-navy/10">
        <div className="grid grid-cols-2 gap-x-6 gap-y-1">
          {columns(submenu.entries).map((column, index) => (
            <ul key={index} className="space-y-1">
              {column.map((entry) => (
                <li key={entry.href}>
                  <PageLink href={entry.href} className="block rounded-lg px-3 py-2 text-sm text-ink hover:bg-surface hover:text-navy">
                    {entry.label}
                  </PageLink>
                </li>
              ))}
            </ul>
          ))}
        </div>
        <PageLink href={item.href} className="mt-4 inline-flex items-center gap-1 px-3 text-sm font-semibold text-teal-700 hover:text-navy">
          {submenu.overviewLabel} <span aria-hidden="true">&rarr;</span>
        </PageLink>
      </div>
    </div>
  );
}
