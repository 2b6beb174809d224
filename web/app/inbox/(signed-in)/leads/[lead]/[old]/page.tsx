import { notFound, permanentRedirect } from "next/navigation";

import { getMovedLead } from "@/lib/inbox/api";
import { inboxPaths, leadId, movedKind } from "@/lib/inbox/paths";

// `lead` is the old kind here: Next takes one slug name per level, and [lead] is the lead page's.
type Props = { params: Promise<{ lead: string; old: string }> };

/**
 * A lead's address from before every lead shared one id space (/inbox/leads/quote/3), as bookmarks
 * and the e-mails already sent hold it: sent on for good to the lead's address now.
 */
export default async function MovedLeadPage({ params }: Props) {
  const { lead, old } = await params;
  const kind = movedKind(lead);
  const oldId = leadId(old);
  if (kind === undefined || oldId === undefined) notFound();
  permanentRedirect(inboxPaths.lead(await getMovedLead(kind, oldId)));
}
