import type { Metadata } from "next";

import { SchedulingWidget } from "@/components/scheduling/scheduling-widget";
import { PageHero } from "@/components/ui/page-hero";
import { getSite } from "@/lib/content";
import { pageMetadata } from "@/lib/metadata";
import { paths } from "@/lib/routes";

export const metadata: Metadata = pageMetadata({
  title: "Request a Demo",
  description: getSite().scheduling.intro,
  path: paths.requestDemo,
});

export default function RequestDemoPage() {
  const site = getSite();
  return (
    <>
      <PageHero eyebrow="Request a Demo" title={site.scheduling.heading} intro={site.scheduling.intro} />
      <SchedulingWidget scheduling={site.scheduling} siteUrl={site.url} email={site.contact.salesEmail} />
    </>
  );
}
