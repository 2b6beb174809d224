"""A lead's conversation: the replies the sales team sends from the inbox, each an e-mail the
outbox carries, and what the lead wrote back, read from the sales mailbox, kept with the lead so
that the whole team sees what was said; the saved replies a reply may start from; and where the
reading of the mailbox got to."""

from datetime import UTC, datetime

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Index, Integer, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db

DIRECTIONS = ("out", "in")


def _utcnow() -> datetime:
    return datetime.now(UTC)


class LeadMessage(db.Model):
    """One message of a lead's conversation, as plain text. A reply (direction "out") is written by
    a member of staff and sent by the outbox (its row's lead_message_id names this one), with the
    Message-ID kept here, so that every try sends the same one and later messages thread under
    it. A message "in" is one the outbox worker read from the sales mailbox that answers one of
    them. Deleted only with the lead."""

    __tablename__ = "lead_messages"
    __table_args__ = (Index("ix_lead_messages_lead", "lead_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    lead_id: Mapped[int] = mapped_column(Integer, ForeignKey("leads.id", ondelete="CASCADE"), nullable=False)
    direction: Mapped[str] = mapped_column(Text, nullable=False)  # DIRECTIONS
    # The member of staff who wrote a reply.
    author_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("staff_users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    # The address it went to: a reply's, the lead's as it was when the reply was written; a message
    # in's, the sales mailbox's.
    to_address: Mapped[str] = mapped_column(Text, nullable=False)
    from_address: Mapped[str | None] = mapped_column(Text)  # a message in's sender
    # The sender as an erasure finds it (models.leads.fold_address), in whichever lead's
    # conversation the message is.
    from_folded: Mapped[str | None] = mapped_column(Text, index=True)
    # A message in's attachments, by name and size in bytes: listed, never kept or served.
    attachments: Mapped[list[dict] | None] = mapped_column(JSON)
    subject: Mapped[str] = mapped_column(Text, nullable=False)
    body: Mapped[str] = mapped_column(Text, nullable=False)
    # RFC 5322's, with its angle brackets; the thread it answers: the conversation's earlier ones.
    message_id: Mapped[str] = mapped_column(Text, nullable=False, unique=True)
    in_reply_to: Mapped[str | None] = mapped_column(Text)
    reference_ids: Mapped[str | None] = mapped_column(Text)  # the References header's value
    # A message in sent from an address other than the lead's: anyone who holds a thread's id can
    # write into it, so its owner is told only once someone on the team confirms it is the lead's.
    from_other_address: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    confirmed_by: Mapped[int | None] = mapped_column(Integer, ForeignKey("staff_users.id"))
    confirmed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class SavedReply(db.Model):
    """A text a reply may start from, kept by admins. It may name the lead's {name}, {first_name},
    {company} and {form}, and the writer's {sender}: the lead's page fills them in before anyone
    edits and sends the reply."""

    __tablename__ = "saved_replies"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(Text, nullable=False, unique=True)
    body: Mapped[str] = mapped_column(Text, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    updated_by: Mapped[int] = mapped_column(Integer, ForeignKey("staff_users.id"), nullable=False)


class MailboxRead(db.Model):
    """Where the reading of a folder of the sales mailbox got to: the folder's UIDVALIDITY and the
    last UID read under it (a new UIDVALIDITY starts the folder again), and the lease of the worker
    reading it now, so that several workers read each message once."""

    __tablename__ = "mailbox_reads"

    folder: Mapped[str] = mapped_column(Text, primary_key=True)
    uid_validity: Mapped[int] = mapped_column(BigInteger, nullable=False)
    last_uid: Mapped[int] = mapped_column(BigInteger, nullable=False)
    leased_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # When a read last went through every message there was: how fresh the conversations are.
    read_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # When the oldest message a read found but has not handled yet came in: a read that is stuck on
    # a message, or slow, shows as this growing older.
    oldest_unread_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


RESOLUTIONS = ("filed", "dismissed")


class SetAsideMessage(db.Model):
    """A message of the sales mailbox that answers one of the conversations but could not be filed
    (its sender unreadable, its text too large to read, its handling past its time): its place in
    the folder, what could safely be read of it, and why, for admins to file into a lead by hand or
    dismiss. The mailbox's reading goes on past it, so that no message stops the ones after it."""

    __tablename__ = "mailbox_set_aside"
    __table_args__ = (Index("ix_mailbox_set_aside_open", "resolved_at", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    folder: Mapped[str] = mapped_column(Text, nullable=False)
    uid_validity: Mapped[int] = mapped_column(BigInteger, nullable=False)
    uid: Mapped[int] = mapped_column(BigInteger, nullable=False)
    set_aside_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    received_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    reason: Mapped[str] = mapped_column(Text, nullable=False)
    # The lead whose conversation it answers; none once that lead is gone.
    lead_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("leads.id", ondelete="SET NULL"))
    # What could be read of it, as text: what a filing by hand keeps.
    message_id: Mapped[str | None] = mapped_column(Text)
    in_reply_to: Mapped[str | None] = mapped_column(Text)
    reference_ids: Mapped[str | None] = mapped_column(Text)
    sender: Mapped[str] = mapped_column(Text, nullable=False)
    # The sender as an erasure finds it (models.leads.fold_address).
    sender_folded: Mapped[str] = mapped_column(Text, nullable=False, index=True)
    subject: Mapped[str] = mapped_column(Text, nullable=False)
    body: Mapped[str] = mapped_column(Text, nullable=False)
    attachments: Mapped[list[dict] | None] = mapped_column(JSON)
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    resolved_by: Mapped[int | None] = mapped_column(Integer, ForeignKey("staff_users.id"))
    resolution: Mapped[str | None] = mapped_column(Text)  # RESOLUTIONS
    # The conversation's message a filing by hand made.
    filed_message_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("lead_messages.id", ondelete="SET NULL")
    )
