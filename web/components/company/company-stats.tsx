import type { Stat } from "@/lib/content";

import { ProfileDownloadLink } from "../ui/profile-download-link";
import { Section } from "../ui/section";

export function CompanyStats({ stats }: { stats: Stat[] }) {
  return (
    <Section name="stats">
      <h2 className="sr-only">Company in numbers</h2>
      <ul className="grid gap-6 sm:grid-cols-3">
        {stats.map((stat) => (
          <li
            key={stat.label}
            data-stat
            className="rounded-3xl bg-surface p-8 text-center ring-1 ring-navy/5 transition hover:shadow-lg hover:shadow-navy/5"
          >
            <p className="text-5xl font-bold tracking-tight text-navy">{stat.value}</p>
            <p className="mt-2 text-sm font-semibold tracking-wider text-amber-700 uppercase">{stat.label}</p>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <ProfileDownloadLink source="company_page_stats" variant="dark">
          Download Company Profile
        </ProfileDownloadLink>
      </div>
    </Section>
  );
}
