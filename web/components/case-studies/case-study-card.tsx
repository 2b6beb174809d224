import { trackOnClick } from "@/lib/analytics/events";
import { paths } from "@/lib/routes";

import { PageLink } from "../ui/page-link";
import { Picture } from "../ui/picture";

export type CaseStudyCardData = { id: number; title: string; category: string; img: string };

// Tinted pill and dot per category; the text stays navy for contrast.
const categoryTones: Record<string, { pill: string; dot: string }> = {
  "Web App Development": { pill: "bg-teal/10", dot: "bg-teal" },
  "AI-Driven": { pill: "bg-amber/15", dot: "bg-amber-600" },
  "Mobile App Development": { pill: "bg-sky/25", dot: "bg-sky" },
};
const defaultTone = { pill: "bg-surface", dot: "bg-navy" };

/**
 * The card is its title's link, stretched over the whole card: a click anywhere on it, or Enter
 * on it, opens the case study with the browser's own link behaviour (new tab, copy link). Its View
 * Details is a link of its own, above the stretched one, described by the title: two tab stops
 * per card. The picture is decorative next to the title.
 */
export function CaseStudyCard({ study }: { study: CaseStudyCardData }) {
  const tone = categoryTones[study.category] ?? defaultTone;
  const href = paths.caseStudy(study.id);
  const titleId = `case-study-${study.id}-title`;
  const readMore = trackOnClick("case_study_read_more", { case_study_title: study.title });
  return (
    <article
      data-case-study-card={study.id}
      className="group relative flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-navy/5 transition duration-300 outline-offset-2 outline-amber hover:-translate-y-1 hover:shadow-xl hover:shadow-navy/10 has-[[data-card-link]:focus-visible]:outline-2"
    >
      <div className="overflow-hidden bg-navy/5">
        <Picture
          src={study.img}
          alt=""
          width={1200}
          height={800}
          className="aspect-[3/2] h-auto w-full object-cover transition duration-500 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-4 p-6">
        <p>
          <span
            className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-xs font-semibold tracking-wide text-navy-700 ${tone.pill}`}
            data-category
          >
            <span aria-hidden="true" className={`size-1.5 rounded-full ${tone.dot}`} />
            {study.category}
          </span>
        </p>
        <h3 id={titleId} className="text-xl font-semibold text-navy">
          {/* The card's ring is drawn on the card itself, around all of it. */}
          <PageLink href={href} data-card-link {...readMore} className="outline-none after:absolute after:inset-0">
            {study.title}
          </PageLink>
        </h3>
        <PageLink
          href={href}
          aria-describedby={titleId}
          {...readMore}
          className="relative mt-auto inline-flex items-center gap-2 self-start rounded-full border border-navy/15 px-5 py-2.5 text-sm font-semibold text-navy transition group-hover:border-navy group-hover:bg-navy group-hover:text-white"
        >
          View Details
          <span aria-hidden="true" className="transition group-hover:translate-x-0.5">
            &rarr;
          </span>
        </PageLink>
      </div>
    </article>
  );
}
