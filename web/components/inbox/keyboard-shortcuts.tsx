"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";

import { answerOf, inboxApi } from "@/lib/inbox/client";
import { inboxPaths } from "@/lib/inbox/paths";
import { chosenLead } from "@/lib/inbox/work";

/** Every key, as the `?` dialog lists them. */
export const KEYS: readonly (readonly [string, string])[] = [
  ["j", "Next lead in the list"],
  ["k", "Previous lead in the list"],
  ["Enter", "Open the chosen lead"],
  ["r", "Reply to the lead"],
  ["a", "Assign the lead to me"],
  ["s", "Change the lead's status"],
  ["/", "Search the leads"],
  // The board's own (board/deal-card.tsx): the card with the focus takes them.
  ["← →", "Move the focused card to the stage before or after, on the board"],
  ["?", "Show these keys"],
];

// What a key puts the cursor in, on a lead's page or the list: each field carries data-shortcut.
const FIELD = { r: "reply", s: "status", "/": "search" } as const;

// Inputs that take no typing: a key pressed on one is still a shortcut.
const PRESSED = new Set(["checkbox", "radio", "button", "submit", "reset"]);

/** Keys are the person's typing while the cursor is in a field, never a shortcut. */
function typing(target: EventTarget | null): boolean {
  if (target instanceof HTMLInputElement) return !PRESSED.has(target.type);
  return target instanceof HTMLElement && (target.isContentEditable || ["TEXTAREA", "SELECT"].includes(target.tagName));
}

function field(name: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-shortcut="${name}"]`);
}

function rows(): HTMLTableRowElement[] {
  return [...document.querySelectorAll<HTMLTableRowElement>("tbody tr[data-lead]")];
}

function rowName(row: HTMLTableRowElement): string {
  return row.querySelector("a")?.textContent ?? `lead ${row.dataset.lead}`;
}

type Props = { me: number; csrf: string };

/**
 * The inbox's keys, on every signed-in page (`?` lists them): through the list with j and k, Enter
 * to open, r to reply, a to take the lead, s for its status, / to search. A key does nothing while
 * the cursor is in a field, or with Ctrl, Alt or Cmd; what it did is said in a polite live region,
 * for screen readers, and a row it moves to takes the focus.
 */
export function KeyboardShortcuts({ me, csrf }: Props) {
  const router = useRouter();
  const pathname = usePathname();
  const dialog = useRef<HTMLDialogElement>(null);
  const chosen = useRef(-1);
  const [said, setSaid] = useState("");

  // A key pressed on the list that opened a lead (r, s) goes on on its page, once it is drawn.
  useEffect(() => {
    chosen.current = -1;
    const wanted = window.location.hash.slice(1);
    if (wanted === FIELD.r || wanted === FIELD.s || wanted === FIELD["/"]) field(wanted)?.focus();
  }, [pathname]);

  useEffect(() => {
    function choose(by: number) {
      const list = rows();
      if (list.length === 0) return setSaid("No list of leads here.");
      list[chosen.current]?.removeAttribute("data-chosen");
      chosen.current = Math.min(Math.max(chosen.current + by, 0), list.length - 1);
      const row = list[chosen.current];
      if (!row) return;
      row.setAttribute("data-chosen", "");
      row.querySelector("a")?.focus();
      setSaid(`Lead ${chosen.current + 1} of ${list.length}: ${rowName(row)}`);
    }

    function chosenRow(): HTMLTableRowElement | undefined {
      return rows()[chosen.current];
    }

    /** The chosen row's lead opened, its `then` field given the cursor there. */
    function open(then?: string) {
      const row = chosenRow();
      if (!row?.dataset.lead) return setSaid("Choose a lead with j or k first.");
      router.push(`${inboxPaths.lead(Number(row.dataset.lead))}${then ? `#${then}` : ""}`);
    }

    /** The lead's own field, or on the list the chosen lead's page with the cursor in it. */
    function goTo(name: "reply" | "status") {
      const here = field(name);
      if (here) return here.focus();
      if (rows().length) return open(name);
      setSaid(name === "reply" ? "No reply to write here." : "No status to change here.");
    }

    async function takeIt() {
      const work = document.querySelector<HTMLFormElement>("form[data-version]");
      const box = chosenRow()?.querySelector<HTMLInputElement>('input[name="lead"]');
      const lead = work
        ? { id: Number(work.dataset.lead), version: Number(work.dataset.version) }
        : box && chosenLead(box.value);
      if (!lead) return setSaid(chosenRow() ? "You may not change leads." : "Choose a lead with j or k first.");
      setSaid("Assigning…");
      const answer = await answerOf(
        inboxApi(csrf).POST("/api/inbox/leads/work", { body: { leads: [lead], owner_id: me } }),
      );
      setSaid(answer.ok ? "Assigned to you." : answer.message);
      router.refresh();
    }

    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (typing(event.target)) return;
      if (event.key === "?") {
        event.preventDefault();
        if (dialog.current?.open) dialog.current.close();
        else dialog.current?.showModal();
        return;
      }
      if (dialog.current?.open) return;
      const actions: Record<string, () => void> = {
        j: () => choose(1),
        k: () => choose(-1),
        r: () => goTo("reply"),
        s: () => goTo("status"),
        a: () => void takeIt(),
        "/": () => {
          const search = field(FIELD["/"]);
          if (search) search.focus();
          else router.push(`${inboxPaths.leads}#search`);
        },
        // On a link or a button, Enter is the browser's own: it follows the focused row's link.
        Enter: () => (event.target instanceof HTMLElement && event.target.closest("a, button") ? null : open()),
      };
      const action = actions[event.key];
      if (!action) return;
      if (event.key !== "Enter") event.preventDefault();
      action();
    }

    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [csrf, me, router]);

  return (
    <>
      {/* A live region without the status role: a page's own status stays the one it has. */}
      <p aria-live="polite" className="sr-only" data-shortcut-said>
        {said}
      </p>
      <dialog ref={dialog} aria-labelledby="keys-heading" className="inbox-dialog">
        <h2 id="keys-heading" className="text-lg font-semibold text-navy">
          Keyboard keys
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {KEYS.map(([key, what]) => (
            <div key={key} className="contents">
              <dt>
                <kbd className="inbox-kbd">{key}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-muted">Not while typing in a field. Esc closes this.</p>
        <form method="dialog" className="mt-3">
          <button type="submit" className="inbox-button">
            Close
          </button>
        </form>
      </dialog>
    </>
  );
}
