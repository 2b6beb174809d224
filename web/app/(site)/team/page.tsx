import type { Metadata } from "next";

import { MemberRow } from "@/components/team/member-row";
import { PageHero } from "@/components/ui/page-hero";
import { getTeamPage, getTeamRow } from "@/lib/content";
import { pageMetadata } from "@/lib/metadata";
import { paths } from "@/lib/routes";

export const metadata: Metadata = pageMetadata({ title: "Our Team", description: getTeamPage().page.intro, path: paths.team });

export default function TeamPage() {
  const team = getTeamPage();
  return (
    <>
      <PageHero title={team.page.heading} intro={team.page.intro} />
      <MemberRow
        name="advisors"
        members={getTeamRow("advisors")}
        srHeading="Advisors and consultants"
        priority
        className="pb-6! sm:pb-8!"
      />
      <MemberRow name="leadership" members={getTeamRow("leadership")} srHeading="Leadership" className="pt-6! sm:pt-8!" />
      <MemberRow name="experts" members={getTeamRow("experts")} heading={team.expertsHeading} tone="surface" />
    </>
  );
}
