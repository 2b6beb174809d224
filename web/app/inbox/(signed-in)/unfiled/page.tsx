import type { Metadata } from "next";

import { AttachmentList } from "@/components/inbox/attachment-list";
import { InboxLink } from "@/components/inbox/inbox-link";
import { PostButton } from "@/components/inbox/post-button";
import { UnfiledFileForm } from "@/components/inbox/unfiled-file-form";
import { forAdmins, getUnfiled } from "@/lib/inbox/api";
import { formatTime } from "@/lib/inbox/format";
import { inboxPaths } from "@/lib/inbox/paths";
import type { Unfiled } from "@/lib/inbox/types";

export const metadata: Metadata = { title: "Not filed" };

// The service refuses everyone else too; this spares them a page that could only fail.
const REFUSED = <p className="inbox-error">Only admins file or dismiss the messages the sales mailbox set aside.</p>;

function waiting({ total, messages }: Unfiled): string {
  if (total === 0) return "Nothing waits: every answer was filed.";
  const count = total === 1 ? "1 message waits." : `${total.toLocaleString("en")} messages wait.`;
  return total > messages.length ? `${count} The ${messages.length} most recently set aside are shown.` : count;
}

export default async function UnfiledPage() {
  const read = await forAdmins(getUnfiled);
  if (!read) return REFUSED;
  const { session, data: unfiled } = read;
  return (
    <>
      <h1 className="inbox-title">Not filed</h1>
      <p className="max-w-prose">
        Answers to the team&apos;s replies that came to the sales mailbox but could not be filed into a lead&apos;s
        conversation, the most recently set aside first. File each into the lead it answers, or another, and its owner
        is told; or dismiss it. Either way it stays in the sales mailbox as it came.
      </p>
      <p role="status">{waiting(unfiled)}</p>
      <ul className="space-y-3">
        {unfiled.messages.map((message) => (
          <li key={message.id} data-unfiled={message.id} className="max-w-prose space-y-2 rounded-lg bg-white p-4">
            <h2 className="font-semibold break-words text-navy">{message.subject || "(No subject)"}</h2>
            <p className="text-sm break-words text-muted">
              From {message.sender || "an address that could not be read"} · came {formatTime(message.received_at)} ·
              set aside {formatTime(message.set_aside_at)}
            </p>
            <p className="break-words">
              <span className="font-medium">Why:</span> {message.reason}
            </p>
            {message.excerpt ? (
              <p className="break-words whitespace-pre-wrap">{message.excerpt}</p>
            ) : (
              <p className="text-muted">No text could be read.</p>
            )}
            <AttachmentList files={message.attachments} />
            <p className="text-sm">
              {message.lead ? (
                <>
                  The lead it answers:{" "}
                  <InboxLink href={inboxPaths.lead(message.lead.id)} className="inbox-link break-words">
                    {message.lead.name} (#{message.lead.id})
                  </InboxLink>
                </>
              ) : (
                "The lead it answers was erased: file it into another by its id."
              )}
            </p>
            <UnfiledFileForm id={message.id} leadId={message.lead?.id ?? null} csrf={session.csrf} />
            <PostButton
              change={{ kind: "dismiss", setAside: message.id }}
              csrf={session.csrf}
              label="Dismiss"
              busyLabel="Dismissing…"
            />
          </li>
        ))}
      </ul>
    </>
  );
}
