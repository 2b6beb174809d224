/** The footer's Cookie settings link and the policy page's button ask the consent manager to open
 * the preferences through this window event, so that neither needs to hold the consent state. */
export const OPEN_COOKIE_SETTINGS = "cookie-settings:open";

export function openCookieSettings(): void {
  window.dispatchEvent(new Event(OPEN_COOKIE_SETTINGS));
}
