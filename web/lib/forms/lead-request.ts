import type { FormConfig } from "./config";
import type { FormValues } from "./rules";

/** A submission as last sent: its lead (without the Turnstile token) and its Idempotency-Key. */
export type Attempt = { body: string; key: string };

/** A lead as sent: the form's values, and where the visit began when the visitor allowed it. */
export type Lead = Record<string, string | FormValues>;

/**
 * The lead as the service reads it: the visitor's values trimmed, the country the phone was typed in
 * (the one its country list shows, else the form's default), the page it was sent from, which form
 * it is where one endpoint serves two, and the honeypot as the browser left it.
 */
export function leadOf(
  config: FormConfig,
  values: FormValues,
  phoneCountry: string | undefined,
  page: string,
  trap: unknown,
  attribution?: FormValues,
): Lead {
  return {
    ...Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()])),
    ...(config.phoneCountry && { [config.phoneCountry.field]: phoneCountry || config.phoneCountry.default }),
    page,
    // /api/contact serves two forms with different rules: it is told which one this is.
    ...(config.endpoint === "/api/contact" ? { form: config.name } : {}),
    [config.honeypotField]: typeof trap === "string" ? trap : "",
    ...(attribution ? { attribution } : {}),
  };
}

/**
 * The request for a submission: the one last tried, again as it was sent (so the service knows it
 * by its key and body, whatever the page has reformatted since), unless the visitor has changed the
 * form since (no `last`): then a new one, with a new key. The Turnstile token is added on top,
 * as each try spends one.
 */
export function leadRequest(
  lead: () => Lead,
  last: Attempt | undefined,
  newKey: () => string,
  turnstile?: { field: string; token: string },
): { body: string; attempt: Attempt } {
  const attempt = last ?? { body: JSON.stringify(lead()), key: newKey() };
  const body = turnstile ? JSON.stringify({ ...JSON.parse(attempt.body), [turnstile.field]: turnstile.token }) : attempt.body;
  return { body, attempt };
}

/** The fields whose errors the visitor can fix in the form: its own, and Turnstile's when on. */
export const fixableFields = (config: FormConfig): string[] => [
  ...config.fields.map(([name]) => name),
  ...(config.turnstile ? [config.turnstile.field] : []),
];
