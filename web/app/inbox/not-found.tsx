import { InboxLink } from "@/components/inbox/inbox-link";
import { inboxPaths } from "@/lib/inbox/paths";

export default function InboxNotFound() {
  return (
    <main className="mx-auto max-w-xl space-y-4 px-4 py-16">
      <h1 className="inbox-title">Not found</h1>
      <p>There is no such lead or page: it may have been erased.</p>
      <InboxLink href={inboxPaths.leads} className="inbox-link">
        Back to the leads
      </InboxLink>
    </main>
  );
}
