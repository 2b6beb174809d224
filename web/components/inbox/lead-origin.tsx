import { formatTime } from "@/lib/inbox/format";
import type { AttributionKey, Lead } from "@/lib/inbox/types";

// Every key of forms.json's attribution has its label here: a key added there does not compile until
// it has one.
const LABELS: Record<AttributionKey, string> = {
  utm_source: "Source",
  utm_medium: "Medium",
  utm_campaign: "Campaign",
  utm_term: "Term",
  utm_content: "Content",
  referrer_host: "Referred by",
  landing_path: "Landing page",
};

/**
 * Where the lead's visit began, as the site recorded it with the visitor's analytics consent, and
 * how long the lead is kept. Every value is text, never a link: the visitor's browser wrote it.
 */
export function LeadOrigin({ lead }: { lead: Pick<Lead, "attribution" | "purge_after"> }) {
  const recorded = (Object.entries(LABELS) as [AttributionKey, string][]).filter(([key]) => lead.attribution?.[key]);
  return (
    <section aria-labelledby="origin-heading" className="space-y-3">
      <h2 id="origin-heading" className="text-lg font-semibold text-navy">
        Where the visit began
      </h2>
      {recorded.length ? (
        <dl className="inbox-fields rounded-lg bg-white p-6">
          {recorded.map(([key, label]) => (
            <div key={key} data-attribution={key}>
              <dt>{label}</dt>
              <dd className="break-all">{lead.attribution?.[key]}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-muted">Not recorded: it is kept only for visitors who allow analytics.</p>
      )}
      <p className="text-muted" data-retention>
        {lead.purge_after
          ? `Kept until ${formatTime(lead.purge_after)}: the daily purge removes it after that.`
          : "Kept until erased: no retention period is set."}
      </p>
    </section>
  );
}
