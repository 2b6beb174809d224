import type { Metadata } from "next";

import { PolicyHero } from "@/components/policy/policy-hero";
import { PolicySections } from "@/components/policy/policy-sections";
import { getCookiePolicy } from "@/lib/content";
import { pageMetadata } from "@/lib/metadata";
import { paths } from "@/lib/routes";

export const metadata: Metadata = pageMetadata({
  title: "Cookie Policy",
  description: getCookiePolicy().intro,
  path: paths.privacyPolicy,
});

export default function PrivacyPolicyPage() {
  const policy = getCookiePolicy();
  return (
    <>
      <PolicyHero policy={policy} />
      <PolicySections sections={policy.sections} />
    </>
  );
}
