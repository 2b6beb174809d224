import { inbox } from "@/lib/content/inbox";
import { formatTime } from "@/lib/inbox/format";
import type { Note } from "@/lib/inbox/types";

import { TextForm } from "./text-form";

const NOTE = { submit: "Add note", busy: "Saving…", maxLength: inbox.limits.maxNoteLength };

type Props = { id: number; notes: Note[]; csrf?: string };

/** A lead's notes, newest first, as plain text, each with the texts its corrections replaced; a
 * form for a new one when `csrf` (sales, admins). */
export function LeadNotes({ id, notes, csrf }: Props) {
  return (
    <section aria-labelledby="notes-heading" className="space-y-3">
      <h2 id="notes-heading" className="text-lg font-semibold text-navy">
        Notes
      </h2>
      {csrf ? <TextForm {...NOTE} csrf={csrf} target={{ kind: "note", lead: id }} label="New note" /> : null}
      {notes.length === 0 ? <p className="text-muted">No notes yet.</p> : null}
      <ol className="space-y-3">
        {notes.map((note) => (
          <li key={note.id} data-note={note.id} className="rounded-lg bg-white p-4">
            <p className="break-words whitespace-pre-wrap">{note.body}</p>
            <p className="mt-2 text-sm text-muted">
              {note.author.name} · {formatTime(note.created_at)}
              {note.edited_at ? ` · corrected ${formatTime(note.edited_at)}` : ""}
            </p>
            {note.revisions.length > 0 ? (
              <details className="mt-2">
                <summary className="inbox-link cursor-pointer text-sm">Earlier texts</summary>
                <ol className="mt-2 space-y-2 text-sm text-muted">
                  {note.revisions.map((revision, index) => (
                    <li key={index}>
                      <p className="break-words whitespace-pre-wrap">{revision.body}</p>
                      <p>until {formatTime(revision.replaced_at)}</p>
                    </li>
                  ))}
                </ol>
              </details>
            ) : null}
            {note.editable && csrf ? (
              <details className="mt-2">
                <summary className="inbox-link cursor-pointer text-sm">Correct</summary>
                <TextForm
                  {...NOTE}
                  submit="Save correction"
                  csrf={csrf}
                  target={{ kind: "correction", note: note.id }}
                  text={note.body}
                  label="Note"
                />
              </details>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
