import type { Metadata } from "next";

import { CertificationsSection } from "@/components/home/certifications-section";
import { CoreServices } from "@/components/home/core-services";
import { DreamTeamBanner } from "@/components/home/dream-team-banner";
import { FeaturedProjects } from "@/components/home/featured-projects";
import { HeroSection } from "@/components/home/hero-section";
import { HomeCta } from "@/components/home/home-cta";
import { OrganizationJsonLd } from "@/components/home/organization-json-ld";
import { ProfilePopup } from "@/components/home/profile-popup";
import { StatsBand } from "@/components/home/stats-band";
import { SupportSection } from "@/components/home/support-section";
import { TestimonialsSection } from "@/components/home/testimonials-section";
import { ProfileDownloadLink } from "@/components/ui/profile-download-link";
import { getHome, getSite } from "@/lib/content";
import { pageMetadata } from "@/lib/metadata";
import { paths } from "@/lib/routes";

// The home title is the product name alone. pageMetadata without a title sets `title:
// undefined`, which would blank the layout's default, so the name is set here, absolute (no suffix).
export const metadata: Metadata = {
  ...pageMetadata({ description: getSite().description, path: paths.home }),
  title: { absolute: getSite().name },
};

export default function HomePage() {
  const home = getHome();
  const site = getSite();
  return (
    <>
      <HeroSection hero={home.hero} />
      <DreamTeamBanner dreamTeam={home.dreamTeam} />
      <StatsBand stats={home.stats} />
      <FeaturedProjects projects={home.projects} />
      <CoreServices coreServices={home.coreServices} />
      <CertificationsSection certifications={home.certifications} />
      <TestimonialsSection testimonials={home.testimonials} />
      <SupportSection support={home.support} chatUrl={site.chat.url} />
      <HomeCta cta={home.cta} />
      <ProfilePopup popup={home.profilePopup}>
        <ProfileDownloadLink source="landing_page_popup">{home.profilePopup.downloadLabel}</ProfileDownloadLink>
      </ProfilePopup>
      <OrganizationJsonLd />
    </>
  );
}
