import { inbox } from "@/lib/content/inbox";
import { formatDelivery, formatTime } from "@/lib/inbox/format";
import type { Message } from "@/lib/inbox/types";

import { AttachmentList } from "./attachment-list";
import { PostButton } from "./post-button";
import { TextForm } from "./text-form";

type Props = {
  id: number;
  messages: Message[];
  off: string | null;
  csrf?: string;
  /** The saved replies, filled in for this lead. */
  starts?: { title: string; text: string }[];
};

function who(message: Message): string {
  if (message.direction === "in") return `${message.from || "The lead"} to the team`;
  return `${message.author?.name ?? "Someone"} to ${message.to}`;
}

/** An answer sent from an address other than the lead's: said so, with who confirmed it is the
 * lead's, or for those who may (`csrf`: sales, admins) the button that does. */
function OtherAddress({ lead, message, csrf }: { lead: number; message: Message; csrf?: string }) {
  return (
    <div className="mt-2 space-y-2 text-sm" data-other-address>
      <p className="rounded-md bg-amber/20 px-3 py-2 break-words">
        <strong className="font-semibold">From another address:</strong> not the lead&apos;s ({message.from}).{" "}
        {message.confirmed
          ? `Confirmed by ${message.confirmed.by.name} · ${formatTime(message.confirmed.at)}`
          : "Its owner is told once someone confirms it."}
      </p>
      {csrf && !message.confirmed ? (
        <PostButton
          change={{ kind: "confirm", lead, message: message.id }}
          csrf={csrf}
          label="Confirm it is the lead's"
          busyLabel="Confirming…"
        />
      ) : null}
    </div>
  );
}

/** A lead's conversation, oldest first, as plain text: each reply with where its e-mail stands,
 * each answer of the lead's with its attachments by name and size (they stay in the sales
 * mailbox), marked when it came from another address; a form for a reply when `csrf` (sales,
 * admins), or why none can go. */
export function Conversation({ id, messages, off, csrf, starts }: Props) {
  return (
    <section aria-labelledby="conversation-heading" className="space-y-3">
      <h2 id="conversation-heading" className="text-lg font-semibold text-navy">
        Conversation
      </h2>
      {messages.length === 0 ? <p className="text-muted">No replies yet.</p> : null}
      <ol className="space-y-3">
        {messages.map((message) => (
          <li
            key={message.id}
            data-message={message.id}
            data-direction={message.direction}
            data-delivery={message.delivery?.state}
            className={`rounded-lg p-4 ${message.direction === "in" ? "border border-teal/40 bg-teal-50" : "bg-white"}`}
          >
            <p className="text-sm text-muted break-words">
              {who(message)} · {formatTime(message.at)}
            </p>
            <p className="mt-1 font-medium break-words">{message.subject}</p>
            <p className="mt-2 break-words whitespace-pre-wrap">{message.body}</p>
            <AttachmentList files={message.attachments} className="mt-2" />
            {message.delivery ? <p className="mt-2 text-sm text-muted">{formatDelivery(message.delivery)}</p> : null}
            {message.from_other_address ? <OtherAddress lead={id} message={message} csrf={csrf} /> : null}
          </li>
        ))}
      </ol>
      {csrf && off === null ? (
        <TextForm
          csrf={csrf}
          target={{ kind: "reply", lead: id }}
          label="Reply by e-mail"
          submit="Send reply"
          busy="Sending…"
          maxLength={inbox.limits.maxReplyLength}
          rows={6}
          starts={starts}
          shortcut="reply"
        />
      ) : null}
      {csrf && off ? <p className="text-muted">{off}</p> : null}
    </section>
  );
}
