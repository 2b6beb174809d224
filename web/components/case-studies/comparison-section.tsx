import type { ComparisonTable } from "@/lib/content";

import { Section, SectionHeading } from "../ui/section";

/**
 * A case study's Competitive Comparison as a real table. On a phone it scrolls sideways inside its own
 * focusable region, so keyboard users can scroll it too and the page itself never scrolls sideways.
 * The second column is the client's product built with us, and is highlighted.
 */
export function ComparisonSection({ table, caption }: { table: ComparisonTable; caption: string }) {
  const highlighted = (column: number) => column === 1;
  return (
    <Section name="comparison" tone="surface">
      <SectionHeading eyebrow="How it stacks up" title="Competitive Comparison" />
      <p className="mt-8 text-center text-sm text-muted sm:hidden" aria-hidden="true">
        Swipe the table sideways to see every column.
      </p>
      <div
        role="region"
        aria-label="Competitive comparison table"
        tabIndex={0}
        className="mx-auto mt-4 max-w-6xl overflow-x-auto rounded-3xl bg-white shadow-sm ring-1 ring-navy/10 sm:mt-12"
      >
        <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {table.headers.map((header, column) => (
                <th
                  key={header}
                  scope="col"
                  className={`px-6 py-5 font-semibold ${highlighted(column) ? "bg-amber text-navy" : "bg-navy text-white"}`}
                >
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-navy/10">
            {table.rows.map((row) => (
              <tr key={row[0]}>
                {row.map((cell, column) =>
                  column === 0 ? (
                    <th key={column} scope="row" className="px-6 py-4 font-semibold text-navy">
                      {cell}
                    </th>
                  ) : (
                    <td
                      key={column}
                      className={`px-6 py-4 ${highlighted(column) ? "bg-amber/10 font-medium text-navy" : "text-muted"}`}
                    >
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
