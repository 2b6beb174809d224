import type { FieldErrors } from "./rules";

export type SendResult = { kind: "sent" } | { kind: "invalid"; errors: FieldErrors } | { kind: "failed" };

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
    const body: unknown = await response.json();
    const errors = typeof body === "object" && body !== null && "errors" in body ? body.errors : undefined;
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
    return errors ? { kind: "invalid", errors } : { kind: "failed" };
  } catch (error) {
    console.error("There was a problem with your fetch operation:", error);
    return { kind: "failed" };
  }
}
