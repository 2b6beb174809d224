import type { CookiePolicyContent } from "@/lib/content";

import { CookieSettingsButton } from "../consent/cookie-settings-button";
import { buttonClass } from "../ui/button-link";
import { PageHero } from "../ui/page-hero";

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

export function PolicyHero({ policy }: { policy: CookiePolicyContent }) {
  return (
    <PageHero title={policy.heading} intro={policy.intro}>
      <p className="rounded-full bg-white/10 px-4 py-2 text-sm text-white/80 ring-1 ring-white/15" data-last-updated>
        Last updated{" "}
        <time dateTime={policy.lastUpdated} className="font-semibold text-white">
          {dateFormat.format(new Date(`${policy.lastUpdated}T00:00:00Z`))}
        </time>
      </p>
      <CookieSettingsButton label={policy.consent.reopenLabel} className={buttonClass("primary")} />
    </PageHero>
  );
}
