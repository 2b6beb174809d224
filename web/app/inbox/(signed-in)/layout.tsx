import type { ReactNode } from "react";

import { InboxHeader } from "@/components/inbox/inbox-header";
import { KeyboardShortcuts } from "@/components/inbox/keyboard-shortcuts";
import { getSession } from "@/lib/inbox/api";

// Every page here needs a live session: without one, getSession sends the visitor to sign in.
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const session = await getSession();
  return (
    <>
      <InboxHeader session={session} />
      <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">{children}</main>
      <KeyboardShortcuts me={session.user.id} csrf={session.csrf} />
    </>
  );
}
