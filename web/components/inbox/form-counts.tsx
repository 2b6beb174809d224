import { getForms } from "@/lib/content";
import { formatCount, withQuery } from "@/lib/inbox/format";
import { inboxPaths } from "@/lib/inbox/paths";

import { InboxLink } from "./inbox-link";

/** The leads of each form under the other filters, each a link to that form's view, counted up
 * to a cap: a search's to 100, any other to 10,000 (see formatCount). */
export function FormCounts({ counts, query }: { counts: Record<string, number>; query: URLSearchParams }) {
  const forms = getForms().forms as Record<string, { title: string }>;
  const current = query.get("form") ?? undefined;
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const tabs = [
    { form: undefined, title: "Every form", count: total },
    ...Object.entries(counts).map(([form, count]) => ({ form, title: forms[form]?.title ?? form, count })),
  ];
  return (
    <nav aria-label="Forms" className="flex flex-wrap gap-2">
      {tabs.map((tab) => (
        <InboxLink
          key={tab.title}
          href={withQuery(inboxPaths.leads, query, { form: tab.form, cursor: undefined })}
          aria-current={tab.form === current ? "page" : undefined}
          className="inbox-tab"
        >
          {tab.title} <span data-count>{formatCount(tab.count, query.has("q"))}</span>
        </InboxLink>
      ))}
    </nav>
  );
}
