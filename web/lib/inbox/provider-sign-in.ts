// The sign-in with the company's OpenID provider as the sign-in page shows it: where its button
// goes (the service's redirect to the provider), and what each of the callback's refusals says.

export const PROVIDER_START = "/api/inbox/auth/oidc/start";

/** Where the callback sent the browser when the provider's sign-in was right: the inbox's second
 * factor next, or signed in. */
export type ProviderArrival = "second_factor" | "signed_in";

const REFUSALS: Record<string, string> = {
  oidc_not_staff:
    "Your provider's account has no inbox account. An administrator must add you first.",
  oidc_disabled: "Your inbox account is disabled. Ask an administrator.",
  oidc_unverified:
    "Your provider has not verified your e-mail address, so it cannot sign you in here.",
  oidc_no_email:
    "Your provider did not give an e-mail address, so it cannot sign you in here.",
  oidc_cancelled: "The sign-in was cancelled at your provider.",
  oidc_unavailable:
    "Your provider could not be reached just now. Please try again in a minute.",
  oidc_failed:
    "The sign-in with your provider did not complete (it was stale or used already). Please try again.",
};

/** The message for the callback's refusal code; undefined for none or any other value. */
export function refusalMessage(code: string | undefined): string | undefined {
  return code !== undefined && Object.hasOwn(REFUSALS, code)
    ? REFUSALS[code]
    : undefined;
}

/** The arrival the page's address names; undefined for none or any other value. */
export function providerArrival(
  value: string | undefined,
): ProviderArrival | undefined {
  return value === "second_factor" || value === "signed_in" ? value : undefined;
}
