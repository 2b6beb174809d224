import type { Metadata } from "next";

import { PostButton } from "@/components/inbox/post-button";
import { TokenForm } from "@/components/inbox/token-form";
import { forAdmins, getTokens } from "@/lib/inbox/api";
import { formatTime } from "@/lib/inbox/format";
import type { ApiToken } from "@/lib/inbox/types";

export const metadata: Metadata = { title: "API tokens" };

const REFUSED = (
  <p className="inbox-error">Only admins make and revoke API tokens.</p>
);

function state(token: ApiToken): string {
  if (token.revoked_at) return `Revoked ${formatTime(token.revoked_at)}`;
  if (token.expired) return `Expired ${formatTime(token.expires_at)}`;
  return `Works until ${formatTime(token.expires_at)}`;
}

export default async function TokensPage() {
  const read = await forAdmins(getTokens);
  if (!read) return REFUSED;
  const { session, data: tokens } = read;
  return (
    <>
      <h1 className="inbox-title">API tokens</h1>
      <p className="max-w-prose">
        A token lets one of the team&apos;s other tools read the leads, or
        change their status, owner and notes, through <code>/api/v1/</code>, as
        you and within the scopes you give it. Every call is on the audit trail
        under its name.
      </p>
      <section
        aria-labelledby="new-token"
        className="max-w-prose space-y-3 rounded-lg bg-white p-6"
      >
        <h2 id="new-token" className="text-lg font-semibold text-navy">
          New token
        </h2>
        <TokenForm csrf={session.csrf} scopes={tokens.scopes} />
      </section>
      {tokens.tokens.length === 0 ? (
        <p className="text-muted">No tokens yet.</p>
      ) : null}
      <ul className="space-y-3">
        {tokens.tokens.map((token) => (
          <li
            key={token.id}
            data-token={token.id}
            className="max-w-prose space-y-1 rounded-lg bg-white p-4"
          >
            <h2 className="font-semibold break-words text-navy">
              {token.name}
            </h2>
            <p className="text-sm">
              {token.scopes.map((scope) => (
                <code key={scope} className="mr-2">
                  {scope}
                </code>
              ))}
            </p>
            <p className="text-sm text-muted">
              Made by {token.created_by.name} · {formatTime(token.created_at)} ·{" "}
              {state(token)} ·{" "}
              {token.last_used_at
                ? `Last used ${formatTime(token.last_used_at)}`
                : "Never used"}
            </p>
            {token.revoked_at === null ? (
              <PostButton
                change={{ kind: "revokeToken", token: token.id }}
                csrf={session.csrf}
                label="Revoke"
                busyLabel="Revoking…"
              />
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
