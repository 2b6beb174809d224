"""A lead's conversation: the replies the sales team sends from the inbox, each an e-mail the
outbox carries, and what the lead wrote back, read from the sales mailbox, kept with the lead so
that the whole team sees what was said; the saved replies a reply may start from; and where the
reading of the mailbox got to."""

from datetime import UTC, datetime

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Index, Integer, Text
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
    # A message in's attachments, by name and size in bytes: listed, never kept or served.
    attachments: Mapped[list[dict] | None] = mapped_column(JSON)
    subject: Mapped[str] = mapped_column(Text, nullable=False)
    body: Mapped[str] = mapped_column(Text, nullable=False)
    # RFC 5322's, with its angle brackets; the thread it answers: the conversation's earlier ones.
    message_id: Mapped[str] = mapped_column(Text, nullable=False, unique=True)
    in_reply_to: Mapped[str | None] = mapped_column(Text)
    reference_ids: Mapped[str | None] = mapped_column(Text)  # the References header's value


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
    read_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
