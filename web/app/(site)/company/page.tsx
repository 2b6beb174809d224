import type { Metadata } from "next";

import { CompanyCta } from "@/components/company/company-cta";
import { CompanyHero } from "@/components/company/company-hero";
import { CompanyStats } from "@/components/company/company-stats";
import { ContactSection } from "@/components/company/contact-section";
import { ExpectationsSection } from "@/components/company/expectations-section";
import { OfficesSection } from "@/components/company/offices-section";
import { TeamTeaser } from "@/components/company/team-teaser";
import { TechStackSection } from "@/components/company/tech-stack-section";
import { getCompany, getSite } from "@/lib/content";
import { pageMetadata } from "@/lib/metadata";
import { paths } from "@/lib/routes";

export const metadata: Metadata = pageMetadata({ title: "Company", description: getCompany().tagline, path: paths.company });

export default function CompanyPage() {
  const company = getCompany();
  const site = getSite();
  return (
    <>
      <CompanyHero company={company} />
      <CompanyStats stats={company.stats} />
      <ExpectationsSection expectations={company.expectations} />
      <TeamTeaser section={company.teamSection} />
      <OfficesSection offices={site.offices} />
      <ContactSection site={site} />
      <CompanyCta cta={company.cta} />
      <TechStackSection groups={company.techStack} />
    </>
  );
}
