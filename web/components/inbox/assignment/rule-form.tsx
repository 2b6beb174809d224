"use client";

import { type ReactNode, useId, useRef, useState } from "react";

import type { AssignmentRule, Person, StaffGroup } from "@/lib/inbox/types";
import { useChange } from "@/lib/inbox/use-change";

import { FormNotice } from "../form-notice";
import { SubmitButton } from "../submit-button";

/** What a rule's conditions may name: the forms (key and title), the quote form's budgets and the
 * countries the forms know. */
export type RuleChoices = {
  forms: { key: string; title: string }[];
  budgets: string[];
  countries: string[];
};

type Target = AssignmentRule["target"];

const TARGETS: { value: Target; label: string }[] = [
  { value: "person", label: "A named person" },
  { value: "round_robin", label: "A group's members in turn" },
  {
    value: "fewest_open",
    label: "The group's member with the fewest open leads",
  },
];

type Props = {
  csrf: string;
  choices: RuleChoices;
  people: Person[];
  groups: Pick<StaffGroup, "id" | "name">[];
  rule?: AssignmentRule;
};

/** A select under its label, named by the label alone: a label around a select would read its
 * options into its name. */
function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="inbox-label">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/** The sources typed in one box, as a list: comma-separated, blanks dropped. */
function sources(typed: string): string[] {
  return typed
    .split(",")
    .map((source) => source.trim())
    .filter(Boolean);
}

/** A new rule's form, or, with `rule`, one's own to change: its conditions (none chosen: any) and
 * whom it gives a lead to. A new rule's form is emptied once it is kept. */
export function RuleForm({ csrf, choices, people, groups, rule }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const [target, setTarget] = useState<Target>(rule?.target ?? "person");
  const { notice, change } = useChange(csrf);

  async function send(data: FormData) {
    const id = (name: string) =>
      data.get(name) ? Number(data.get(name)) : null;
    const body = {
      name: String(data.get("name") ?? ""),
      forms: data.getAll("forms").map(String),
      countries: data.getAll("countries").map(String),
      budgets: data.getAll("budgets").map(String),
      sources: sources(String(data.get("sources") ?? "")),
      target,
      user_id: target === "person" ? id("user_id") : null,
      group_id: target === "person" ? null : id("group_id"),
    };
    const kept = await change((api) =>
      rule
        ? api.POST("/api/inbox/assignment/rules/{rule_id}", {
            params: { path: { rule_id: rule.id } },
            body,
          })
        : api.POST("/api/inbox/assignment/rules", { body }),
    );
    if (kept && !rule) form.current?.reset();
  }

  return (
    <form ref={form} action={send} className="space-y-3">
      <label className="inbox-label">
        Name
        <input name="name" required maxLength={100} defaultValue={rule?.name} className="inbox-input" />
      </label>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm text-muted">Leads it takes (nothing chosen: any)</legend>
        <Field label="Forms">
          {(id) => (
            <select id={id} name="forms" multiple size={4} defaultValue={rule?.forms} className="inbox-input">
              {choices.forms.map((form) => (
                <option key={form.key} value={form.key}>
                  {form.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Countries">
          {(id) => (
            <select id={id} name="countries" multiple size={4} defaultValue={rule?.countries} className="inbox-input">
              {choices.countries.map((country) => (
                <option key={country}>{country}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Budgets">
          {(id) => (
            <select id={id} name="budgets" multiple size={4} defaultValue={rule?.budgets} className="inbox-input">
              {choices.budgets.map((budget) => (
                <option key={budget}>{budget}</option>
              ))}
            </select>
          )}
        </Field>
        <label className="inbox-label">
          Sources, separated by commas
          <input name="sources" defaultValue={rule?.sources.join(", ")} className="inbox-input" />
        </label>
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Gives each lead to">
          {(id) => (
            <select
              id={id}
              name="target"
              value={target}
              onChange={(event) => setTarget(TARGETS.find(({ value }) => value === event.target.value)?.value ?? "person")}
              className="inbox-input"
            >
              {TARGETS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {target === "person" ? (
          <Field label="Person">
            {(id) => (
              <select id={id} name="user_id" required defaultValue={rule?.person?.id} className="inbox-input">
                {people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : (
          <Field label="Group">
            {(id) => (
              <select id={id} name="group_id" required defaultValue={rule?.group?.id} className="inbox-input">
                {groups.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
      <SubmitButton label={rule ? "Save rule" : "Add rule"} busyLabel="Saving…" />
      <FormNotice notice={notice} />
    </form>
  );
}
