"use client";

import { useFormStatus } from "react-dom";

/** A form's submit button, busy (and saying so) while the form's action runs. */
export function SubmitButton({ label, busyLabel }: { label: string; busyLabel: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} className="inbox-button">
      {pending ? busyLabel : label}
    </button>
  );
}
