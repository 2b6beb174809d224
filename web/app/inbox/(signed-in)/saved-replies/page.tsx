import type { Metadata } from "next";

import { PostButton } from "@/components/inbox/post-button";
import { SavedReplyForm } from "@/components/inbox/saved-reply-form";
import { getSavedReplies, getSession } from "@/lib/inbox/api";
import { formatTime } from "@/lib/inbox/format";

export const metadata: Metadata = { title: "Saved replies" };

export default async function SavedRepliesPage() {
  const [session, saved] = await Promise.all([getSession(), getSavedReplies()]);
  // Shown to admins only; the service refuses everyone else a change.
  const admin = session.user.role === "admin";
  return (
    <>
      <h1 className="inbox-title">Saved replies</h1>
      <p className="max-w-prose">
        A reply to a lead can start from one of these, to be read and changed before it is sent. In a saved reply,{" "}
        <code>{"{name}"}</code>, <code>{"{first_name}"}</code>, <code>{"{company}"}</code> and <code>{"{form}"}</code>{" "}
        become the lead&apos;s name, first name, company and form, and <code>{"{sender}"}</code> the writer&apos;s name.
        {admin ? "" : " Admins keep them."}
      </p>
      {admin ? (
        <section aria-labelledby="new-saved-reply" className="max-w-prose space-y-3 rounded-lg bg-white p-6">
          <h2 id="new-saved-reply" className="text-lg font-semibold text-navy">
            New saved reply
          </h2>
          <SavedReplyForm csrf={session.csrf} />
        </section>
      ) : null}
      {saved.length === 0 ? <p className="text-muted">No saved replies yet.</p> : null}
      <ul className="space-y-3">
        {saved.map((reply) => (
          <li key={reply.id} data-saved-reply={reply.id} className="max-w-prose rounded-lg bg-white p-4">
            <h2 className="font-semibold break-words text-navy">{reply.title}</h2>
            <p className="mt-2 break-words whitespace-pre-wrap">{reply.body}</p>
            <p className="mt-2 text-sm text-muted">
              Changed by {reply.updated_by.name} · {formatTime(reply.updated_at)}
            </p>
            {admin ? (
              <details className="mt-2 space-y-3">
                <summary className="inbox-link cursor-pointer text-sm">Change or remove</summary>
                <SavedReplyForm csrf={session.csrf} saved={{ id: reply.id, title: reply.title, body: reply.body }} />
                <PostButton
                  change={{ kind: "remove", savedReply: reply.id }}
                  csrf={session.csrf}
                  label="Remove"
                  busyLabel="Removing…"
                />
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
