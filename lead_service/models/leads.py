"""Every lead the site captures, in one table, and what the public side writes with them: the
outbox's notifications, the Idempotency-Keys' answers and the cookie choices."""

from datetime import UTC, date, datetime, timedelta
from typing import ClassVar

import phonenumbers
from sqlalchemy import (
    BigInteger,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    Text,
    false,
    func,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, validates

from ..extensions import db


def _utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """A stored time in UTC: SQLite hands back naive datetimes, and every stored time is UTC."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def utc_or_none(moment: datetime | None) -> datetime | None:
    """A stored time that may be missing, in UTC."""
    return as_utc(moment) if moment else None


# Where the sales team has a lead: every lead starts new; "responded" is its first move out of new.
LEAD_STATUSES = ("new", "contacted", "qualified", "won", "lost")


def fold_address(address: str) -> str:
    """An e-mail address as a person's leads are found by it (erasure): trimmed and case-folded
    here, in Python, the same whatever the database; SQLite's lower() folds ASCII letters only."""
    return address.strip().casefold()


def fold_phone(phone: str | None) -> str | None:
    """A stored phone number in E.164, as duplicates are found by it: intake stores E.164, and a lead
    stored before that with a + and its country code is read so too; anything else is no number."""
    try:
        number = phonenumbers.parse(phone or "")
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_possible_number(number):
        return None
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def fold_name_and_company(name: str | None, company: str | None) -> str | None:
    """A name and a company as duplicates are found by them: each case-folded, its spaces made one,
    the two on one line each. None without both: a name alone is anyone's."""
    name, company = (" ".join((value or "").split()).casefold() for value in (name, company))
    return f"{name}\n{company}" if name and company else None


class Lead(db.Model):
    """A lead from any of the site's forms (forms.json): the fields every form has, and those only
    some have, empty for the others."""

    __tablename__ = "leads"
    # The inbox reads leads newest first under a cursor, per form and without spam, from these; the
    # form ends the first so that the dashboard counts a period's leads by form from it alone.
    # Migration 0020 also makes the search indexes, which no model declares: PostgreSQL's generated
    # columns and SQLite's FTS5 tables (see lead_service/inbox/leads/highlight.py).
    __table_args__ = (
        Index("ix_leads_list", "spam", "created_at", "id", "form"),
        Index("ix_leads_form_list", "form", "spam", "created_at", "id"),
        # Each person's open leads, counted when a rule looks for the least busy or a cap.
        Index("ix_leads_owner", "owner_id", "status"),
        # The few leads waiting for the assignment rules, found by the worker among all the others.
        Index(
            "ix_leads_awaiting_rules",
            "id",
            sqlite_where=text("awaiting_rules = 1"),
            postgresql_where=text("awaiting_rules"),
        ),
        # SQLite would hand an erased newest lead's id to the next lead, and the audit trail, which
        # keeps ids, would then seem to speak of it.
        {"sqlite_autoincrement": True},
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # The form it was sent with: a key of forms.json's forms.
    form: Mapped[str] = mapped_column(Text, nullable=False)
    # Text columns throughout: lengths are bounded once, in forms.json, so raising a bound there
    # can never make the database refuse a lead that validation accepted.
    name: Mapped[str] = mapped_column(Text, nullable=False)
    email: Mapped[str] = mapped_column(Text, nullable=False)
    # The address as fold_address makes it, set with the address.
    email_folded: Mapped[str] = mapped_column(Text, nullable=False, index=True)
    phone: Mapped[str | None] = mapped_column(Text)  # E.164; a quote request always has one
    company: Mapped[str | None] = mapped_column(Text)  # the contact forms'
    # The phone as fold_phone, and the name and company as fold_name_and_company make them, set with
    # them: who may be the same person (lead_service/inbox/leads/merges.py).
    phone_e164: Mapped[str | None] = mapped_column(Text, index=True)
    name_company_folded: Mapped[str | None] = mapped_column(Text, index=True)
    message: Mapped[str | None] = mapped_column(Text)  # the contact forms'
    project: Mapped[str | None] = mapped_column(Text)  # the quote form's, as its budget
    budget: Mapped[str | None] = mapped_column(Text)
    country: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=_utcnow, nullable=False, index=True
    )
    # The site path the visitor sent the form from, when the form told us.
    page: Mapped[str | None] = mapped_column(Text)
    # The form's hidden honeypot field came filled: a bot, answered as if it had succeeded.
    spam: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False, server_default=false())
    # The sales team's work on it (lead_service/inbox/leads/work.py). Server defaults only: a lead is
    # stored as intake always stored it.
    status: Mapped[str] = mapped_column(Text, nullable=False, server_default="new")  # LEAD_STATUSES
    owner_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("staff_users.id"))
    # Waiting for the outbox worker to place it by the assignment rules, which clears it. Intake sets
    # it while admins keep rules, in the lead's own INSERT: with rules, it writes nothing more.
    awaiting_rules: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=False, server_default=false()
    )
    # One more at each change of status or owner: a change names the version it was made on.
    version: Mapped[int] = mapped_column(Integer, nullable=False, server_default="1")
    first_response_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The next step its owner promised: the (UTC) day it is due, and what it is.
    next_step_on: Mapped[date | None] = mapped_column(Date, index=True)
    next_step: Mapped[str | None] = mapped_column(Text)
    # Where the visit began (schemas.AttributionSchema), when the visitor allowed analytics.
    utm_source: Mapped[str | None] = mapped_column(Text)
    utm_medium: Mapped[str | None] = mapped_column(Text)
    utm_campaign: Mapped[str | None] = mapped_column(Text)
    utm_term: Mapped[str | None] = mapped_column(Text)
    utm_content: Mapped[str | None] = mapped_column(Text)
    referrer_host: Mapped[str | None] = mapped_column(Text)
    landing_path: Mapped[str | None] = mapped_column(Text)

    @validates("email")
    def _fold(self, _key: str, address: str) -> str:
        self.email_folded = fold_address(address)
        return address

    @validates("phone")
    def _fold_phone(self, _key: str, phone: str | None) -> str | None:
        self.phone_e164 = fold_phone(phone)
        return phone

    @validates("name", "company")
    def _fold_name_and_company(self, key: str, value: str | None) -> str | None:
        # Set one after the other, in either order: each time from both as they then are.
        given = {"name": self.name, "company": self.company, key: value}
        self.name_company_folded = fold_name_and_company(given["name"], given["company"])
        return value


class LeadChange(db.Model):
    """A change to a lead, its notes, its conversation or its deal, or its deletion (by erasure or
    the retention purge), written by the database's triggers (migration 0035) in the
    changing transaction, whatever statement made it: the journal /api/v1/changes reads. It holds
    the lead's id alone, never what changed."""

    __tablename__ = "lead_changes"
    __table_args__ = (
        Index("ix_lead_changes_changed_at", "changed_at"),
        # PostgreSQL's read order; SQLite's rows have no xid, so its index stays empty.
        Index(
            "ix_lead_changes_xid",
            "xid",
            "id",
            sqlite_where=text("xid IS NOT NULL"),
            postgresql_where=text("xid IS NOT NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    lead_id: Mapped[int] = mapped_column(Integer, nullable=False)
    changed_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), nullable=False
    )
    # Long enough for a sync that was off for weeks to go on; one older starts again from a full copy.
    KEPT_FOR: ClassVar[timedelta] = timedelta(days=30)

    # PostgreSQL's transaction id (none on SQLite): see inbox/v1/changes.py.
    xid: Mapped[int | None] = mapped_column(BigInteger)


class LeadAddress(db.Model):
    """A lead's address from before the leads' two tables became one (migration 0020): the form's
    table (contact, quote) and its id there, so that a link to /inbox/leads/quote/3 kept in an
    e-mail or a bookmark still finds it. Goes with its lead."""

    __tablename__ = "lead_addresses"

    kind: Mapped[str] = mapped_column(Text, primary_key=True)
    old_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    lead_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("leads.id", ondelete="CASCADE"), nullable=False, index=True
    )


# The FTS5 tables of the leads' search on SQLite (migration 0020): their words, and the parts of
# their e-mail and phone.
SQLITE_SEARCH_TABLES = ("lead_search_words", "lead_search_parts")


class OutboxMessage(db.Model):
    """A new lead the sales team is still to be told of, written in the same transaction as the lead
    and delivered by `lead-service outbox run` to every configured channel; or a lead given to a
    member of staff, who is told by e-mail; or an event on a member of staff's own account, of
    which they are told by e-mail (lead_service/inbox/auth/security_mail.py); or a member of staff's
    reply to a lead, which goes to the lead by e-mail (lead_service/inbox/leads/conversation.py)."""

    __tablename__ = "outbox"
    __table_args__ = (
        Index("ix_outbox_due", "status", "next_attempt_at"),
        Index("ix_outbox_lead", "lead_id"),
    )
    # The purposes intake gives a lead's notification: the sales team's, and the deployment check's
    # (intake/deployment_check.py), which a worker takes and tells nobody of.
    NEW_LEAD: ClassVar[str] = "new_lead"
    CHECK: ClassVar[str] = "check"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    # The lead told of; none for a security notice (migration 0019), which names no lead.
    lead_id: Mapped[int | None] = mapped_column(Integer, ForeignKey("leads.id", ondelete="CASCADE"))
    # "new_lead": the sales team's notification of the lead (every channel); "assigned": its new
    # owner's e-mail (to recipient_id, a staff user), sent only while the lead is still theirs;
    # "security": an e-mail to recipient_id of `event` on their own account, sent only while they
    # can sign in; "reply": a member of staff's reply to the lead (lead_message_id), by e-mail;
    # "reply_received": the lead's owner (or the team) told of the lead's answer (lead_message_id);
    # "due" and "overdue": the morning's next steps and a lead past the response target; "unowned":
    # the team's alert of a lead nobody was given (`event`: unplaced or waiting); "check": the
    # deployment check's lead, taken by a worker and told to nobody.
    purpose: Mapped[str] = mapped_column(Text, nullable=False, server_default="new_lead")
    lead_message_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("lead_messages.id", ondelete="CASCADE"), index=True
    )
    recipient_id: Mapped[int | None] = mapped_column(Integer)
    # A security notice's event (a key of outbox.security.SECURITY_EVENTS) and a small JSON object
    # of facts the e-mail tells (a count), never a secret.
    event: Mapped[str | None] = mapped_column(Text)
    detail: Mapped[str | None] = mapped_column(Text)
    # pending: to be sent at next_attempt_at; delivered: every channel took it; dead: out of tries.
    status: Mapped[str] = mapped_column(Text, nullable=False, default="pending")
    attempts: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=_utcnow, nullable=False
    )
    last_error: Mapped[str | None] = mapped_column(Text)
    # Per channel, so that a retry never sends again what one channel already took.
    email_sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    webhook_sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    delivered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class WorkerHeartbeat(db.Model):
    """When an outbox worker last went round its loop, under its host's name (a container's own):
    how `lead-service outbox health`, the readiness probe and the metrics tell a silent worker."""

    __tablename__ = "worker_heartbeats"

    name: Mapped[str] = mapped_column(Text, primary_key=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    beat_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class IdempotencyKey(db.Model):
    """The first answer given to an Idempotency-Key, replayed to its retries for 24 hours, after
    which the outbox worker deletes it; goes with the row it answered for."""

    __tablename__ = "idempotency_keys"
    KEPT_FOR: ClassVar[timedelta] = timedelta(hours=24)

    endpoint: Mapped[str] = mapped_column(Text, primary_key=True)
    key: Mapped[str] = mapped_column(Text, primary_key=True)
    # HMAC-SHA256 of the endpoint and the body under SECRET_KEY: a retry must send the very same
    # request, and a stored digest cannot confirm a guess at what a lead said.
    request_digest: Mapped[str] = mapped_column(Text, nullable=False)
    status_code: Mapped[int] = mapped_column(Integer, nullable=False)
    response: Mapped[str] = mapped_column(Text, nullable=False)
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=_utcnow, nullable=False, index=True
    )
    # The row the first answer stored: a lead or a consent record.
    lead_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("leads.id", ondelete="CASCADE"), index=True
    )
    consent_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("consent_records.id", ondelete="CASCADE"), index=True
    )


class ConsentRecord(db.Model):
    """One saved cookie choice. No IP address or user agent: the random consent id is the only link
    to the browser that made it."""

    __tablename__ = "consent_records"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=_utcnow, nullable=False, index=True
    )
    consent_id: Mapped[str] = mapped_column(Text, nullable=False, index=True)
    essential: Mapped[bool] = mapped_column(Boolean, nullable=False)
    analytics: Mapped[bool] = mapped_column(Boolean, nullable=False)
    marketing: Mapped[bool] = mapped_column(Boolean, nullable=False)
    # The cookie policy's version the visitor was shown (cookie-policy.json).
    version: Mapped[str] = mapped_column(Text, nullable=False)
