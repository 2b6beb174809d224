"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

import { answerOf, inboxApi } from "@/lib/inbox/client";
import type { Notice } from "@/lib/inbox/use-change";

import { FormNotice } from "./form-notice";
import { SubmitButton } from "./submit-button";

// The service's field names, as it answers each one's messages.
const FIELDS = [
  { name: "current_password", label: "Current password", autoComplete: "current-password" },
  { name: "new_password", label: "New password", autoComplete: "new-password" },
  { name: "repeat_password", label: "Repeat the new password", autoComplete: "new-password" },
] as const;

type Field = (typeof FIELDS)[number]["name"];
type Typed = Record<Field, string>;
const BLANK: Typed = { current_password: "", new_password: "", repeat_password: "" };

/**
 * The current password and the new one twice; the service checks them all (the policy is its), and
 * says what is wrong by field. The fields keep what was typed when it refuses, and empty once the
 * password is changed; then the page is read again, for the session's new CSRF token.
 */
export function PasswordForm({ csrf }: { csrf: string }) {
  const router = useRouter();
  const [typed, setTyped] = useState(BLANK);
  const [errors, setErrors] = useState<Partial<Typed>>({});
  const [notice, setNotice] = useState<Notice>();

  async function change(form: FormData) {
    setNotice(undefined);
    setErrors({});
    const read = (name: Field) => String(form.get(name) ?? "");
    const given: Typed = {
      current_password: read("current_password"),
      new_password: read("new_password"),
      repeat_password: read("repeat_password"),
    };
    const answer = await answerOf(inboxApi(csrf).POST("/api/inbox/account/password", { body: given }));
    if (answer.ok) {
      setTyped(BLANK);
      setNotice({ error: false, text: "Your password is changed, and your other sessions have ended." });
      router.refresh();
      return;
    }
    setTyped(given);
    const messages = answer.error && "errors" in answer.error ? answer.error.errors : {};
    const byField = Object.fromEntries(
      FIELDS.flatMap(({ name }) => (Array.isArray(messages[name]) ? [[name, messages[name][0]]] : [])),
    );
    if (Object.keys(byField).length > 0) setErrors(byField);
    else setNotice({ error: true, text: answer.message });
  }

  return (
    <form action={change} className="flex max-w-md flex-col gap-4" aria-label="Change your password">
      {FIELDS.map(({ name, label, autoComplete }) => (
        <div key={name} className="flex flex-col gap-1">
          <label className="inbox-label">
            {label}
            <input
              name={name}
              type="password"
              required
              autoComplete={autoComplete}
              defaultValue={typed[name]}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `${name}-error` : undefined}
              className="inbox-input"
            />
          </label>
          {errors[name] ? (
            <p id={`${name}-error`} className="inbox-error">
              {errors[name]}
            </p>
          ) : null}
        </div>
      ))}
      <div>
        <SubmitButton label="Change the password" busyLabel="Changing…" />
      </div>
      <FormNotice notice={notice} />
    </form>
  );
}
