"""The staff side's tables: who may sign in to the inbox, their sessions and recovery codes, the
failed sign-ins that slow an attacker down, the notes on leads and their earlier texts, and the
audit trail."""

from datetime import UTC, date, datetime

from sqlalchemy import Boolean, Date, DateTime, ForeignKey, Index, Integer, Text, false, true
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db

# Each role may do what the one before it may, and more: a viewer reads and searches, sales also
# works leads and exports, an admin also manages users, erases, and reads the audit trail.
ROLES = ("viewer", "sales", "admin")
# Who may own a lead: those who may work one.
OWNER_ROLES = ("sales", "admin")


def _utcnow() -> datetime:
    return datetime.now(UTC)


class StaffUser(db.Model):
    """A member of staff, added with `lead-service users add`; never deleted, only disabled, so that
    the audit trail always names someone."""

    __tablename__ = "staff_users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str] = mapped_column(Text, nullable=False, unique=True)  # lower case
    name: Mapped[str] = mapped_column(Text, nullable=False)
    role: Mapped[str] = mapped_column(Text, nullable=False)  # one of ROLES
    password_hash: Mapped[str] = mapped_column(Text, nullable=False)  # Argon2id, PHC string
    # The TOTP secret as a Fernet token, once enrolment is confirmed.
    totp_secret: Mapped[str | None] = mapped_column(Text)
    # The time step of the last code accepted: a code is taken once, never replayed in its window.
    totp_last_step: Mapped[int | None] = mapped_column(Integer)
    # Codes tried since the last right one (or recovery code): past ten, no code is checked.
    totp_failures: Mapped[int] = mapped_column(Integer, nullable=False, default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    password_changed_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=_utcnow, nullable=False
    )
    disabled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Whether the assignment rules pass this person over (lead_service/assignment/), and how many
    # open leads they may hold before the rules pass them over too (none: no cap).
    away: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False, server_default=false())
    open_leads_cap: Mapped[int | None] = mapped_column(Integer)
    # Plain text that ends each of their replies to leads (none: nothing added).
    signature: Mapped[str | None] = mapped_column(Text)

    def may(self, role: str) -> bool:
        """Whether this user's role includes `role`'s rights."""
        return ROLES.index(self.role) >= ROLES.index(role)


class StaffSession(db.Model):
    """A browser's sign-in. The cookie holds a random 256-bit token; only its SHA-256 is stored, so
    a copy of the database signs nobody in. Ended by deleting the row."""

    __tablename__ = "staff_sessions"

    token_hash: Mapped[str] = mapped_column(Text, primary_key=True)
    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("staff_users.id", ondelete="CASCADE"), nullable=False, index=True
    )
    # "password" or "provider": the password, or the OpenID provider's sign-in, was right and the
    # second factor (or enrolment) is still to come; "signed_in": both were.
    stage: Mapped[str] = mapped_column(Text, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    # At the password step of a user not yet enrolled: the secret this session's enrolment page
    # shows (a Fernet token) and when it was made. No other session sees it, and it lapses.
    totp_pending: Mapped[str | None] = mapped_column(Text)
    totp_pending_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class StaffInvitation(db.Model):
    """A one-time link at which a staff user sets their own password: only its SHA-256 is stored, so
    a copy of the database holds no working link. Used once, lapsing unused."""

    __tablename__ = "staff_invitations"

    token_hash: Mapped[str] = mapped_column(Text, primary_key=True)
    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("staff_users.id", ondelete="CASCADE"), nullable=False, index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class RecoveryCode(db.Model):
    """One of the ten single-use codes shown once at enrolment, for a lost authenticator."""

    __tablename__ = "staff_recovery_codes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("staff_users.id", ondelete="CASCADE"), nullable=False, index=True
    )
    code_hash: Mapped[str] = mapped_column(Text, nullable=False)  # SHA-256 of a random code
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class SignInFailure(db.Model):
    """A sign-in try counted to delay the next ones (throttle.py): per account and client address,
    or per device for a browser that signed in to the account before. In the database, not in
    Redis, so that no outage of a cache can lift the limit."""

    __tablename__ = "sign_in_failures"
    __table_args__ = (
        Index("ix_sign_in_failures_account", "account", "at"),
        Index("ix_sign_in_failures_client", "client", "at"),
        Index("ix_sign_in_failures_device", "device", "at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    # An HMAC of the e-mail address tried, which may be nobody's: the address itself is not kept.
    account: Mapped[str] = mapped_column(Text, nullable=False)
    client: Mapped[str] = mapped_column(Text, nullable=False)
    # A hash of the device cookie's nonce, when the browser had the account's.
    device: Mapped[str | None] = mapped_column(Text)
    # False while the try's password is being checked: counted, but not yet a failure that holds
    # the next tries back on arrival.
    settled: Mapped[bool] = mapped_column(Boolean, nullable=False, default=True, server_default=true())


class DueDigest(db.Model):
    """A member of staff's morning e-mail of what is due, queued once a day whatever the number of
    outbox workers: the first to write its row queues it, any other finds the row there."""

    __tablename__ = "due_digests"

    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("staff_users.id", ondelete="CASCADE"), primary_key=True
    )
    day: Mapped[date] = mapped_column(Date, primary_key=True)  # UTC


class SavedView(db.Model):
    """A view of the list a member of staff saved by name: its filters and search as the list's
    query string has them, for themselves alone or, shared, for the whole team."""

    __tablename__ = "saved_views"
    __table_args__ = (Index("uq_saved_views_owner_name", "owner_id", "name", unique=True),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner_id: Mapped[int] = mapped_column(Integer, ForeignKey("staff_users.id"), nullable=False)
    name: Mapped[str] = mapped_column(Text, nullable=False)
    query: Mapped[str] = mapped_column(Text, nullable=False)
    shared: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)


class ResponseTarget(db.Model):
    """How soon a new lead should have its first response, in hours of weekday time, as an admin
    set it (one row, or none: no target). The team is alerted once of each lead that came since it
    was set and is still unanswered past it."""

    __tablename__ = "response_target"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)  # always 1
    hours: Mapped[int] = mapped_column(Integer, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    updated_by: Mapped[int] = mapped_column(Integer, ForeignKey("staff_users.id"), nullable=False)


class OverdueAlert(db.Model):
    """A lead the team was alerted of, unanswered past the response target: once, however many
    outbox workers look. Goes with its lead."""

    __tablename__ = "overdue_alerts"

    lead_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("leads.id", ondelete="CASCADE"), primary_key=True
    )
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)


class AuditEvent(db.Model):
    """Who did what, when, to which lead: written in the same transaction as what it records, and
    never changed or deleted, which the database's triggers refuse (migration 0015). It holds no
    field value of a lead, and of a search only the query's length."""

    __tablename__ = "audit_events"
    __table_args__ = (
        Index("ix_audit_events_actor", "actor_id", "id"),
        Index("ix_audit_events_action", "action", "id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    # The staff user who acted (or whose account was tried); none for a sign-in to no account.
    actor_id: Mapped[int | None] = mapped_column(Integer)
    # The API token the act was made with (its maker is the actor); none from the inbox's pages.
    token_id: Mapped[int | None] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text, nullable=False)
    # The lead acted on, as a plain value with no key: an event outlives its lead, and an id says
    # nothing of the person.
    lead_id: Mapped[int | None] = mapped_column(Integer)
    # A small JSON object of facts about the act (a count, a length, a reason), never a value.
    detail: Mapped[str | None] = mapped_column(Text)


class ApiToken(db.Model):
    """A token an admin gave one of the team's other tools, for /api/v1/ alone, with its scopes
    (api_scopes.SCOPES) and an expiry. Only its SHA-256 is stored, so a copy of the database holds no
    working token; it is shown once, when made. Revoked, never deleted, so that the audit trail
    always names it. It acts as its maker, within its scopes and within what its maker may still do."""

    __tablename__ = "api_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(Text, nullable=False)
    token_hash: Mapped[str] = mapped_column(Text, nullable=False, unique=True)
    scopes: Mapped[str] = mapped_column(Text, nullable=False)  # space-separated
    created_by: Mapped[int] = mapped_column(Integer, ForeignKey("staff_users.id"), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # To the minute: a call within a minute of the last one it records writes nothing here.
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class LeadNote(db.Model):
    """A note a member of staff kept on a lead: plain text, corrected by its author for a short
    while (each text it replaced kept as a LeadNoteRevision), deleted only with the lead."""

    __tablename__ = "lead_notes"
    __table_args__ = (Index("ix_lead_notes_lead", "lead_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    lead_id: Mapped[int] = mapped_column(Integer, ForeignKey("leads.id", ondelete="CASCADE"), nullable=False)
    author_id: Mapped[int] = mapped_column(Integer, ForeignKey("staff_users.id"), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    edited_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    body: Mapped[str] = mapped_column(Text, nullable=False)


class LeadNoteRevision(db.Model):
    """A text a note had until its author corrected it, kept as long as the note is."""

    __tablename__ = "lead_note_revisions"
    __table_args__ = (Index("ix_lead_note_revisions_note", "note_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    note_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("lead_notes.id", ondelete="CASCADE"), nullable=False
    )
    body: Mapped[str] = mapped_column(Text, nullable=False)
    replaced_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    replaced_by: Mapped[int] = mapped_column(Integer, ForeignKey("staff_users.id"), nullable=False)
