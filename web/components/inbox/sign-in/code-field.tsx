import { inbox } from "@/lib/content/inbox";

/** The authenticator app's code, or a recovery code. */
export function CodeField({ label }: { label: string }) {
  return (
    <label className="inbox-label">
      {label}
      <input
        name="code"
        autoComplete="one-time-code"
        required
        maxLength={inbox.limits.maxCodeLength}
        autoFocus
        spellCheck={false}
        className="inbox-input font-mono"
      />
    </label>
  );
}
