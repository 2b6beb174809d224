import * as flags from "country-flag-icons/string/3x2";

import { getForms, type PhoneCountry } from "@/lib/content";

/** The quote form's default phone country, with its flag ready to draw. */
export type DefaultPhoneCountry = PhoneCountry & { flag: string };

/**
 * The flag is the library's own drawing (the file it later loads from /flags), written into the page
 * as a data: URL: the server HTML shows it at the first paint without a request of its own, which on
 * a phone's load would hold up the page's scripts for a round trip. Server only: the flags stay out
 * of the browser's JavaScript.
 */
export function getDefaultPhoneCountry(): DefaultPhoneCountry {
  const country = getForms().defaultPhoneCountry;
  const svg = (flags as Record<string, string>)[country.iso2];
  if (!svg) throw new Error(`forms.json: no flag for the default phone country ${country.iso2}`);
  return { ...country, flag: `data:image/svg+xml,${encodeURIComponent(svg)}` };
}
