import { inboxPaths } from "@/lib/inbox/paths";
import type { Session } from "@/lib/inbox/types";

import { InboxLink } from "./inbox-link";
import { SignOutButton } from "./sign-out-button";

export function InboxHeader({ session }: { session: Session }) {
  const { user } = session;
  return (
    <header className="bg-navy text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <InboxLink href={inboxPaths.leads} className="font-semibold">
          Lead inbox
        </InboxLink>
        <nav aria-label="Inbox" className="flex flex-wrap gap-x-4 gap-y-1">
          <InboxLink href={inboxPaths.leads}>Leads</InboxLink>
          <InboxLink href={inboxPaths.due}>Due</InboxLink>
          <InboxLink href={inboxPaths.spam}>Spam</InboxLink>
          <InboxLink href={inboxPaths.board}>Board</InboxLink>
          <InboxLink href={inboxPaths.dashboard}>Dashboard</InboxLink>
          <InboxLink href={inboxPaths.savedReplies}>Saved replies</InboxLink>
          <InboxLink href={inboxPaths.assignment}>Assignment</InboxLink>
          {/* Shown to admins only; the service refuses everyone else these pages' reads and changes. */}
          {user.role === "admin" ? (
            <>
              <InboxLink href={inboxPaths.unfiled}>Not filed</InboxLink>
              <InboxLink href={inboxPaths.audit}>Audit trail</InboxLink>
              <InboxLink href={inboxPaths.erase}>Erase</InboxLink>
              <InboxLink href={inboxPaths.webhooks}>Webhooks</InboxLink>
              <InboxLink href={inboxPaths.tokens}>API tokens</InboxLink>
            </>
          ) : null}
        </nav>
        <p className="ml-auto text-sm text-white/80">
          {user.name} ({user.role})
        </p>
        <InboxLink href={inboxPaths.account}>Account</InboxLink>
        <SignOutButton csrf={session.csrf} />
      </div>
    </header>
  );
}
