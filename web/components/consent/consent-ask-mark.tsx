import { consentAskScript } from "@/lib/consent/consent-ask";

/**
 * Shows the cookie banner when it must ask, as an inline script placed right after the banner's
 * markup. The browser may paint a page it has only partly parsed: marked any earlier, the banner
 * could paint half parsed and grow, or paint after the chat button above it, moving what the
 * visitor already sees. Marked here, the banner appears whole, before the chat button exists.
 */
export function ConsentAskMark({ version }: { version: string }) {
  return <script dangerouslySetInnerHTML={{ __html: consentAskScript(version) }} />;
}
