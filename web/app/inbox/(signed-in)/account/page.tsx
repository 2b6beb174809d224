import type { Metadata } from "next";

import { PasswordForm } from "@/components/inbox/password-form";
import { SignatureForm } from "@/components/inbox/signature-form";
import { SignOutEverywhere } from "@/components/inbox/sign-out-everywhere";
import { getSession, getSignInMethods } from "@/lib/inbox/api";

export const metadata: Metadata = { title: "Your account" };

export default async function AccountPage() {
  const [{ user, csrf }, methods] = await Promise.all([getSession(), getSignInMethods()]);
  return (
    <>
      <h1 className="inbox-title">Your account</h1>
      <p>
        {user.name}, {user.email} ({user.role})
      </p>
      {methods.password ? (
        <section aria-labelledby="password-heading" className="space-y-4">
          <h2 id="password-heading" className="text-lg font-semibold text-navy">
            Change your password
          </h2>
          <p className="max-w-prose">
            At least 12 characters, and not one of the most common passwords: a few words that do not belong
            together make a good one. When it changes, every other browser signed in as you is signed out.
          </p>
          <PasswordForm csrf={csrf} />
        </section>
      ) : (
        <p className="max-w-prose">
          You sign in with {methods.oidc ?? "your company's account"}: passwords are switched off here.
        </p>
      )}
      <section aria-labelledby="signature-heading" className="space-y-4">
        <h2 id="signature-heading" className="text-lg font-semibold text-navy">
          Your signature
        </h2>
        <p className="max-w-prose">
          Plain text that ends each reply you send to a lead, below a line of two dashes, as mail programs expect.
        </p>
        <SignatureForm csrf={csrf} signature={user.signature} />
      </section>
      <section aria-labelledby="everywhere-heading" className="space-y-4">
        <h2 id="everywhere-heading" className="text-lg font-semibold text-navy">
          Every browser
        </h2>
        <p className="max-w-prose">
          Ends your session in every browser signed in as you, this one too: for a phone or laptop lost, or left
          signed in somewhere.
        </p>
        <SignOutEverywhere csrf={csrf} />
      </section>
    </>
  );
}
