"use client";

import { useRef } from "react";

import type { Person, StaffGroup } from "@/lib/inbox/types";
import { useChange } from "@/lib/inbox/use-change";

import { FormNotice } from "../form-notice";
import { SubmitButton } from "../submit-button";

type Props = { csrf: string; people: Person[]; group?: StaffGroup };

/** A new group's form, or, with `group`, one's own to change: its name and its members. */
export function GroupForm({ csrf, people, group }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const { notice, change } = useChange(csrf);
  const members = new Set(group?.members.map((member) => member.id));

  async function send(data: FormData) {
    const body = {
      name: String(data.get("name") ?? ""),
      member_ids: data.getAll("member").map(Number),
    };
    const kept = await change((api) =>
      group
        ? api.POST("/api/inbox/assignment/groups/{group_id}", {
            params: { path: { group_id: group.id } },
            body,
          })
        : api.POST("/api/inbox/assignment/groups", { body }),
    );
    if (kept && !group) form.current?.reset();
  }

  return (
    <form ref={form} action={send} className="space-y-3">
      <label className="inbox-label">
        Name
        <input
          name="name"
          required
          maxLength={100}
          defaultValue={group?.name}
          className="inbox-input"
        />
      </label>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
        <legend className="mb-1 text-sm text-muted">Members</legend>
        {people.map((person) => (
          <label key={person.id} className="flex items-center gap-2">
            <input
              type="checkbox"
              name="member"
              value={person.id}
              defaultChecked={members.has(person.id)}
            />
            {person.name}
          </label>
        ))}
      </fieldset>
      <SubmitButton
        label={group ? "Save group" : "Add group"}
        busyLabel="Saving…"
      />
      <FormNotice notice={notice} />
    </form>
  );
}
