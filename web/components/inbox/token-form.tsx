"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";

import { answerOf, inboxApi } from "@/lib/inbox/client";
import type { ApiTokens } from "@/lib/inbox/types";
import type { Notice } from "@/lib/inbox/use-change";

import { FormNotice } from "./form-notice";
import { SubmitButton } from "./submit-button";

// How long a new token works, from the shortest a trial needs to the year the service allows.
const DAYS = [30, 90, 180, 366] as const;

type Props = { csrf: string; scopes: ApiTokens["scopes"] };

/** A new API token: its name, scopes and expiry; once made, the token itself, shown this once. */
export function TokenForm({ csrf, scopes }: Props) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const [notice, setNotice] = useState<Notice>();
  const [made, setMade] = useState<{ name: string; token: string }>();

  async function send(data: FormData) {
    setNotice(undefined);
    setMade(undefined);
    const body = {
      name: String(data.get("name") ?? ""),
      scopes: scopes.filter((scope) => data.getAll("scopes").includes(scope)),
      days: Number(data.get("days")),
    };
    const answer = await answerOf(
      inboxApi(csrf).POST("/api/inbox/tokens", { body }),
    );
    if (!answer.ok) {
      setNotice({ error: true, text: answer.message });
      return;
    }
    setMade({ name: answer.data.name, token: answer.data.token });
    form.current?.reset();
    router.refresh();
  }

  return (
    <form ref={form} action={send} className="space-y-3">
      <label className="inbox-label">
        Name (which tool holds it)
        <input name="name" required maxLength={80} className="inbox-input" />
      </label>
      <fieldset className="space-y-1">
        <legend className="inbox-label">Scopes</legend>
        {scopes.map((scope) => (
          <label key={scope} className="flex items-center gap-2">
            <input
              type="checkbox"
              name="scopes"
              value={scope}
              defaultChecked={scope === "leads:read"}
            />
            <code>{scope}</code>
          </label>
        ))}
      </fieldset>
      <label className="inbox-label">
        Works for
        <select name="days" defaultValue="90" className="inbox-input">
          {DAYS.map((days) => (
            <option key={days} value={days}>
              {days} days
            </option>
          ))}
        </select>
      </label>
      <SubmitButton label="Make token" busyLabel="Making…" />
      <FormNotice notice={notice} />
      {made ? (
        <div role="status" className="space-y-1 rounded-md bg-teal-50 p-3">
          <p>
            Copy the token for <strong>{made.name}</strong> now: it is not shown
            again.
          </p>
          <input
            readOnly
            value={made.token}
            aria-label="The new token"
            data-new-token
            className="inbox-input font-mono"
          />
        </div>
      ) : null}
    </form>
  );
}
