import type { Metadata } from "next";

import { SignInFlow } from "@/components/inbox/sign-in-flow";
import { inboxPaths } from "@/lib/inbox/paths";

export const metadata: Metadata = { title: "Your invitation" };

// The one-time link `lead-service users add` prints: the new user chooses their own password here,
// then sets their authenticator app up. The token travels in the query, which no log writes down.
export default async function InvitationPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <SignInFlow next={inboxPaths.leads} invitation={(Array.isArray(token) ? token[0] : token) ?? ""} />
    </main>
  );
}
