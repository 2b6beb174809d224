import type { FieldErrors } from "./rules";

/** `unsent`: the connection dropped or the service failed (5xx), so the lead may or may not be
 * stored, and only the same request again, with its key, is safe; `failed`: any other refusal. */
export type SendResult =
  | { kind: "sent" }
  | { kind: "invalid"; errors: FieldErrors }
  | { kind: "unsent" }
  | { kind: "failed" };

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.values(value).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === "string"))
  );
}

/** A 400 from the lead service names the fields it refused; anything else it says is not for the visitor. */
async function fieldErrorsOf(response: Response): Promise<FieldErrors | undefined> {
  if (response.status !== 400) {
    return undefined;
  }
  try {
    const body: { errors?: unknown } | null = await response.json();
    const errors = body?.errors;
    return isFieldErrors(errors) && Object.keys(errors).length > 0 ? errors : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Posts a lead as JSON. The key names this submission, so that the service can answer a retry
 * with the first answer instead of storing the lead twice.
 */
export async function sendLead(url: string, body: string, idempotencyKey: string): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
      body,
    });
    if (response.ok) {
      return { kind: "sent" };
    }
    const errors = await fieldErrorsOf(response);
    // Every failed submission logs this verbatim text, field errors included (docs/product-rules.md#verbatim-texts).
    console.error("There was a problem with your fetch operation:", new Error("Network response was not ok"));
    if (errors) {
      return { kind: "invalid", errors };
    }
    return response.status >= 500 ? { kind: "unsent" } : { kind: "failed" };
  } catch (error) {
    console.error("There was a problem with your fetch operation:", error);
    return { kind: "unsent" };
  }
}
