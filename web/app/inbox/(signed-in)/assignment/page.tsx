import type { Metadata } from "next";

import { AvailabilityForm } from "@/components/inbox/assignment/availability-form";
import { GroupForm } from "@/components/inbox/assignment/group-form";
import {
  type RuleChoices,
  RuleForm,
} from "@/components/inbox/assignment/rule-form";
import { RuleOrder } from "@/components/inbox/assignment/rule-order";
import { UnownedAlertForm } from "@/components/inbox/assignment/unowned-alert-form";
import { PostButton } from "@/components/inbox/post-button";
import { getForms, getPhoneCountries } from "@/lib/content";
import { getAssignment, getSession } from "@/lib/inbox/api";
import type { AssignmentRule } from "@/lib/inbox/types";

export const metadata: Metadata = { title: "Assignment" };

function choices(): RuleChoices {
  const forms = getForms().forms as Record<
    string,
    { title: string; fields: Record<string, { options?: string[] }> }
  >;
  return {
    forms: Object.entries(forms).map(([key, form]) => ({
      key,
      title: form.title,
    })),
    budgets: forms.quote?.fields.budget?.options ?? [],
    countries: [...new Set(Object.values(getPhoneCountries()))].sort(),
  };
}

/** What a rule takes, condition by condition, in words. */
function conditions(
  rule: AssignmentRule,
  formTitle: (key: string) => string,
): string {
  const said = [
    rule.forms.length ? `from ${rule.forms.map(formTitle).join(" or ")}` : "",
    rule.countries.length ? `in ${rule.countries.join(" or ")}` : "",
    rule.budgets.length ? `with a budget of ${rule.budgets.join(" or ")}` : "",
    rule.sources.length ? `coming from ${rule.sources.join(" or ")}` : "",
  ].filter(Boolean);
  return said.length ? `Leads ${said.join(", ")}` : "Every lead";
}

function target(rule: AssignmentRule): string {
  if (rule.target === "person") return `go to ${rule.person?.name}`;
  const how =
    rule.target === "round_robin"
      ? "in turn"
      : "to whoever has the fewest open leads";
  return `go to ${rule.group?.name}'s members ${how}`;
}

export default async function AssignmentPage() {
  const [session, assignment] = await Promise.all([
    getSession(),
    getAssignment(),
  ]);
  // Shown to admins only; the service refuses everyone else a change.
  const admin = session.user.role === "admin";
  const { rules, groups, people, unowned_alert: alert } = assignment;
  const picks = choices();
  const formTitle = (key: string) =>
    picks.forms.find((form) => form.key === key)?.title ?? key;
  const order = rules.map((rule) => rule.id);
  const owners = people.map(({ id, name }) => ({ id, name }));
  return (
    <>
      <h1 className="inbox-title">Assignment</h1>
      <p className="max-w-prose">
        Each new lead is given to someone by the first rule it matches that
        finds someone free: not away, and under their cap of open leads. A lead
        no rule places, or that waits with nobody&apos;s name on it past the
        alert below, is told to the team once.
        {admin ? "" : " Admins keep the rules."}
      </p>

      <section aria-labelledby="rules" className="space-y-3">
        <h2 id="rules" className="text-lg font-semibold text-navy">
          Rules, in the order they are tried
        </h2>
        {rules.length === 0 ? (
          <p className="text-muted">
            No rules: nobody is given a lead until someone takes it.
          </p>
        ) : null}
        <ol className="space-y-3">
          {rules.map((rule, index) => (
            <li
              key={rule.id}
              data-rule={rule.id}
              className="max-w-3xl rounded-lg bg-white p-4"
            >
              <h3 className="font-semibold break-words text-navy">
                {rule.name}
              </h3>
              <p className="mt-1 break-words">
                {conditions(rule, formTitle)} {target(rule)}.
              </p>
              {admin ? (
                <div className="mt-2 space-y-2">
                  <RuleOrder
                    csrf={session.csrf}
                    order={order}
                    index={index}
                    name={rule.name}
                  />
                  <details className="space-y-3">
                    <summary className="inbox-link cursor-pointer text-sm">
                      Change or remove
                    </summary>
                    <RuleForm
                      csrf={session.csrf}
                      choices={picks}
                      people={owners}
                      groups={groups}
                      rule={rule}
                    />
                    <PostButton
                      change={{ kind: "removeRule", rule: rule.id }}
                      csrf={session.csrf}
                      label="Remove rule"
                      busyLabel="Removing…"
                    />
                  </details>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
        {admin ? (
          <section
            aria-labelledby="new-rule"
            className="max-w-3xl space-y-3 rounded-lg bg-white p-6"
          >
            <h3 id="new-rule" className="text-lg font-semibold text-navy">
              New rule
            </h3>
            <RuleForm
              csrf={session.csrf}
              choices={picks}
              people={owners}
              groups={groups}
            />
          </section>
        ) : null}
      </section>

      <section aria-labelledby="groups" className="space-y-3">
        <h2 id="groups" className="text-lg font-semibold text-navy">
          Groups
        </h2>
        {groups.length === 0 ? (
          <p className="text-muted">No groups yet.</p>
        ) : null}
        <ul className="space-y-3">
          {groups.map((group) => (
            <li
              key={group.id}
              data-group={group.id}
              className="max-w-3xl rounded-lg bg-white p-4"
            >
              <h3 className="font-semibold break-words text-navy">
                {group.name}
              </h3>
              <p className="mt-1">
                {group.members.map((member) => member.name).join(", ") ||
                  "No members."}
              </p>
              {admin ? (
                <details className="mt-2 space-y-3">
                  <summary className="inbox-link cursor-pointer text-sm">
                    Change or remove
                  </summary>
                  <GroupForm
                    csrf={session.csrf}
                    people={owners}
                    group={group}
                  />
                  <PostButton
                    change={{ kind: "removeGroup", group: group.id }}
                    csrf={session.csrf}
                    label="Remove group"
                    busyLabel="Removing…"
                  />
                </details>
              ) : null}
            </li>
          ))}
        </ul>
        {admin ? (
          <section
            aria-labelledby="new-group"
            className="max-w-3xl space-y-3 rounded-lg bg-white p-6"
          >
            <h3 id="new-group" className="text-lg font-semibold text-navy">
              New group
            </h3>
            <GroupForm csrf={session.csrf} people={owners} />
          </section>
        ) : null}
      </section>

      <section aria-labelledby="people" className="space-y-3">
        <h2 id="people" className="text-lg font-semibold text-navy">
          Who is free
        </h2>
        <ul className="space-y-3">
          {people.map((person) => (
            <li
              key={person.id}
              data-person={person.id}
              className="max-w-3xl rounded-lg bg-white p-4"
            >
              <h3 className="font-semibold break-words text-navy">
                {person.name}
              </h3>
              <p className="mt-1">
                {person.open_leads} open{" "}
                {person.open_leads === 1 ? "lead" : "leads"}
                {person.open_leads_cap === null
                  ? ", no cap"
                  : ` of at most ${person.open_leads_cap}`}
                {person.away ? " · away" : ""}
              </p>
              {admin ? (
                <AvailabilityForm csrf={session.csrf} person={person} />
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="unowned"
        className="max-w-3xl space-y-3 rounded-lg bg-white p-6"
      >
        <h2 id="unowned" className="text-lg font-semibold text-navy">
          Alert of a lead nobody has
        </h2>
        <p>
          {alert.minutes === null
            ? "The team is alerted of a lead no rule places, not of one that waits."
            : `The team is also alerted of a new lead with nobody's name on it after ${alert.minutes} minutes.`}
        </p>
        {admin ? (
          <UnownedAlertForm csrf={session.csrf} minutes={alert.minutes} />
        ) : null}
      </section>
    </>
  );
}
