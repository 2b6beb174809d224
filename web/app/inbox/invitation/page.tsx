import type { Metadata } from "next";

import { SignInFlow } from "@/components/inbox/sign-in-flow";
import { ProviderButton } from "@/components/inbox/sign-in/provider-button";
import { getSignInMethods } from "@/lib/inbox/api";
import { inboxPaths } from "@/lib/inbox/paths";

export const metadata: Metadata = { title: "Your invitation" };

// The one-time link `lead-service users add` prints: the new user chooses their own password here,
// then sets their authenticator app up. The token travels in the query, which no log writes down.
// With passwords switched off, no password is chosen: the company's account signs them in.
export default async function InvitationPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const [{ token }, methods] = await Promise.all([searchParams, getSignInMethods()]);
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      {methods.password ? (
        <SignInFlow next={inboxPaths.leads} invitation={(Array.isArray(token) ? token[0] : token) ?? ""} />
      ) : (
        <section aria-labelledby="invitation-heading" className="space-y-4">
          <h1 id="invitation-heading" className="inbox-title">
            Your invitation
          </h1>
          <p>Passwords are switched off here: you sign in with your company&apos;s account, by the same e-mail address.</p>
          {methods.oidc !== null && <ProviderButton name={methods.oidc} />}
        </section>
      )}
    </main>
  );
}
