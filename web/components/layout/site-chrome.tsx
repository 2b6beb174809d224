import type { ReactNode } from "react";

import { Analytics } from "@/components/analytics/analytics";
import { ConsentAskMark } from "@/components/consent/consent-ask-mark";
import { ConsentDefaults } from "@/components/consent/consent-defaults";
import { ConsentManager } from "@/components/consent/consent-manager";
import { ChatButton } from "@/components/layout/chat-button";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { getCookiePolicy, getSite } from "@/lib/content";
import { leadApiUrl } from "@/lib/env";
import { paths } from "@/lib/routes";

/** What every public page has around its content: header, footer, the cookie banner and analytics. */
export function SiteChrome({ children }: { children: ReactNode }) {
  return (
    <>
      <ConsentDefaults version={getCookiePolicy().consent.version} />
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-amber px-4 py-2 font-semibold text-navy focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main">{children}</main>
      <SiteFooter />
      {/* The chat button rides above the cookie banner while it shows, laid out, not measured.
          Both stay below the header (z-40), whose open mobile menu covers the whole screen. The
          banner comes first in the HTML (shown in reverse): a page painted while partly parsed
          then never moves the chat button up under the visitor (consent-ask-mark.tsx). */}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-30 flex flex-col-reverse items-end">
        <ConsentManager
          texts={getCookiePolicy().consent}
          tags={getSite().tags}
          proofUrl={leadApiUrl("/api/consent")}
          policyHref={paths.privacyPolicy}
        />
        <ConsentAskMark version={getCookiePolicy().consent.version} />
        <ChatButton />
      </div>
      <Analytics />
    </>
  );
}
