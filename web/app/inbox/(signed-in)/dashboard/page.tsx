import type { Metadata } from "next";

import { DailyLeadsChart } from "@/components/inbox/dashboard/daily-leads-chart";
import { FigureTiles } from "@/components/inbox/dashboard/figure-tiles";
import { ForecastTables } from "@/components/inbox/dashboard/forecast-tables";
import { ShareBars } from "@/components/inbox/dashboard/share-bars";
import { ResponseTargetForm } from "@/components/inbox/response-target-form";
import { getDashboard, getForecast, getResponseTarget, getSession } from "@/lib/inbox/api";
import { formatDay } from "@/lib/inbox/dashboard";
import { formatTime } from "@/lib/inbox/format";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const [figures, target, session, forecast] = await Promise.all([
    getDashboard(),
    getResponseTarget(),
    getSession(),
    getForecast(),
  ]);
  return (
    <>
      <h1 className="inbox-title">Dashboard</h1>
      <p className="text-muted">
        The leads of the last {figures.days} days, {formatDay(figures.since, true)} to{" "}
        {formatDay(figures.until, true)} (UTC days, today included), spam left out.
      </p>
      <FigureTiles total={figures.total} days={figures.days} response={figures.response} />
      <p className="max-w-3xl text-sm text-muted">
        A lead is answered within one working day when its first response (its first move out of New) comes within 24
        hours of weekday time after it came: Saturday and Sunday (UTC) do not count, so a lead from Friday 15:00 is due
        by Monday 15:00, and one from Saturday by Tuesday 00:00. The share counts the leads answered and those whose
        working day has passed unanswered; a lead still within its working day is not counted yet. The median is of
        the time to a first response of the leads answered.
      </p>
      <DailyLeadsChart daily={figures.daily} forms={figures.forms} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ShareBars
          id="sources"
          title="Leads by source"
          heading="Source"
          rows={figures.sources}
          total={figures.total}
        />
        <ShareBars
          id="landing-pages"
          title="Leads by landing page"
          heading="Landing page"
          rows={figures.landing_pages}
          total={figures.total}
        />
      </div>
      <p className="max-w-3xl text-sm text-muted">
        The source is the campaign&apos;s UTM source, else the site the visitor came from, else Direct; the landing page
        is the first page of the visit. Both are known only for visitors who allowed analytics (Not recorded otherwise).
        The 10 largest are shown by name, the rest as Other.
      </p>
      <ForecastTables forecast={forecast} />
      <section aria-labelledby="target-heading" className="max-w-3xl space-y-3">
        <h2 id="target-heading" className="text-lg font-semibold text-navy">
          Response target
        </h2>
        <p>
          {target.hours === null
            ? "No response target is set."
            : `The team is e-mailed of each new lead still unanswered ${target.hours} working hours (weekday time) after it came, once.`}
          {target.updated_by && target.updated_at
            ? ` Set by ${target.updated_by.name}, ${formatTime(target.updated_at)}.`
            : ""}
        </p>
        {session.user.role === "admin" ? <ResponseTargetForm hours={target.hours} csrf={session.csrf} /> : null}
      </section>
    </>
  );
}
