import { inbox } from "@/lib/content/inbox";
import { formatDelivery, formatTime } from "@/lib/inbox/format";
import type { Message } from "@/lib/inbox/types";

import { TextForm } from "./text-form";

type Props = {
  id: number;
  messages: Message[];
  off: string | null;
  csrf?: string;
  /** The saved replies, filled in for this lead. */
  starts?: { title: string; text: string }[];
};

/** A lead's conversation, oldest first, as plain text, each reply with where its e-mail stands; a
 * form for a reply when `csrf` (sales, admins), or why none can go. */
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
            data-delivery={message.delivery?.state}
            className="rounded-lg bg-white p-4"
          >
            <p className="text-sm text-muted break-words">
              {message.author?.name ?? "Someone"} to {message.to} · {formatTime(message.at)}
            </p>
            <p className="mt-1 font-medium break-words">{message.subject}</p>
            <p className="mt-2 break-words whitespace-pre-wrap">{message.body}</p>
            {message.delivery ? <p className="mt-2 text-sm text-muted">{formatDelivery(message.delivery)}</p> : null}
          </li>
        ))}
      </ol>
      {csrf && off === null ? (
        <TextForm
          csrf={csrf}
          path={`/api/inbox/leads/${id}/replies`}
          label="Reply by e-mail"
          submit="Send reply"
          busy="Sending…"
          maxLength={inbox.limits.maxReplyLength}
          rows={6}
          starts={starts}
        />
      ) : null}
      {csrf && off ? <p className="text-muted">{off}</p> : null}
    </section>
  );
}
