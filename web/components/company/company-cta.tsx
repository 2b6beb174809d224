import type { CompanyCta as CompanyCtaContent } from "@/lib/content";
import { paths } from "@/lib/routes";

import { ButtonLink } from "../ui/button-link";
import { ProfileDownloadLink } from "../ui/profile-download-link";
import { Section } from "../ui/section";

export function CompanyCta({ cta }: { cta: CompanyCtaContent }) {
  return (
    <Section name="cta" tone="navy" className="relative overflow-hidden">
      <div aria-hidden="true" className="absolute -top-20 left-1/2 size-96 -translate-x-1/2 bg-radial from-amber/10 to-transparent to-70%" />
      <div className="relative mx-auto flex max-w-3xl flex-col items-center text-center">
        <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">{cta.heading}</h2>
        <p className="mt-5 text-lg leading-relaxed text-white/75">{cta.text}</p>
        <div className="mt-10 flex flex-wrap justify-center gap-4">
          <ButtonLink href={paths.requestDemo}>Get an Estimate</ButtonLink>
          <ProfileDownloadLink source="company_page_cta" variant="light">
            Download Profile
          </ProfileDownloadLink>
        </div>
      </div>
    </Section>
  );
}
