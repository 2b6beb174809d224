import type { CookieTable as CookieTableContent } from "@/lib/content";

const columns = ["Name", "Provider", "Purpose", "Duration"] as const;

/** A section's cookies; the wrapper scrolls sideways on narrow screens instead of the page. */
export function CookieTable({ table }: { table: CookieTableContent }) {
  return (
    <div className="mt-6 overflow-x-auto rounded-2xl ring-1 ring-navy/10" role="region" aria-label={table.caption} tabIndex={0}>
      <table className="w-full min-w-[42rem] border-collapse text-left text-sm">
        <caption className="bg-surface px-5 py-3 text-left text-sm font-semibold text-navy">{table.caption}</caption>
        <thead className="bg-navy text-white">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-5 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-navy/10 bg-white">
          {table.cookies.map((cookie) => (
            <tr key={cookie.name} className="align-top">
              <th scope="row" className="w-44 px-5 py-4 font-mono text-xs font-semibold [overflow-wrap:anywhere] text-navy">
                {cookie.name}
              </th>
              <td className="px-5 py-4 whitespace-nowrap text-ink/80">{cookie.provider}</td>
              <td className="min-w-72 px-5 py-4 leading-relaxed text-ink/80">{cookie.purpose}</td>
              <td className="px-5 py-4 whitespace-nowrap">
                <span className="rounded-full bg-amber/15 px-2.5 py-1 text-xs font-semibold text-amber-700">{cookie.duration}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
