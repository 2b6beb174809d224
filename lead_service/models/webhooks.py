"""The webhook endpoints admins keep in the inbox, and what goes to them: one delivery per event and
endpoint, and each try of it (docs/integrations.md "Webhooks")."""

from datetime import UTC, datetime

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, Text, false, true
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db


def _utcnow() -> datetime:
    return datetime.now(UTC)


# The events an endpoint may choose (docs/integrations.md lists each one's data).
WEBHOOK_EVENTS = (
    "lead.created",
    "lead.assigned",
    "lead.status_changed",
    "reply.sent",
    "answer.received",
    "lead.erased",
)
DELIVERY_STATUSES = ("pending", "delivered", "failed")


class WebhookEndpoint(db.Model):
    """A URL the service posts events to, signed with its own secret ("whsec_" and base64)."""

    __tablename__ = "webhook_endpoints"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    url: Mapped[str] = mapped_column(Text, nullable=False)
    description: Mapped[str] = mapped_column(Text, nullable=False, server_default="")
    events: Mapped[list[str]] = mapped_column(JSON, nullable=False)
    secret: Mapped[str] = mapped_column(Text, nullable=False)
    enabled: Mapped[bool] = mapped_column(Boolean, nullable=False, server_default=true())
    created_by: Mapped[int | None] = mapped_column(Integer, ForeignKey("staff_users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    # Since when every try has failed; none once one succeeds. Three days of it switch it off.
    failing_since: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    disabled_reason: Mapped[str | None] = mapped_column(Text)
    # The endpoint made from WEBHOOK_URL (migration 0034): it also gets the old body and X-Lead-* headers.
    legacy: Mapped[bool] = mapped_column(Boolean, nullable=False, server_default=false())


class WebhookDelivery(db.Model):
    """One event for one endpoint: its webhook-id stays the same on every try and on Redeliver, so a
    receiver drops a copy. lead_id is no foreign key: a lead's erasure leaves its lead.erased."""

    __tablename__ = "webhook_deliveries"
    __table_args__ = (
        Index("ix_webhook_deliveries_due", "status", "next_attempt_at"),
        Index("ix_webhook_deliveries_endpoint", "endpoint_id", "id"),
        Index("ix_webhook_deliveries_lead", "lead_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    endpoint_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("webhook_endpoints.id", ondelete="CASCADE"), nullable=False
    )
    message_id: Mapped[str] = mapped_column(Text, nullable=False, unique=True)  # "msg_..."
    event: Mapped[str] = mapped_column(Text, nullable=False)
    lead_id: Mapped[int | None] = mapped_column(Integer)
    payload: Mapped[str] = mapped_column(Text, nullable=False)  # the body, as JSON text, signed as is
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    status: Mapped[str] = mapped_column(Text, nullable=False, default="pending")  # DELIVERY_STATUSES
    attempts: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=_utcnow, nullable=False
    )


class WebhookAttempt(db.Model):
    """One try of a delivery: what the receiver answered (its status, or the error), how long it
    took, and the start of its body, read within a bound."""

    __tablename__ = "webhook_attempts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    delivery_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("webhook_deliveries.id", ondelete="CASCADE"), nullable=False, index=True
    )
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_utcnow, nullable=False)
    status_code: Mapped[int | None] = mapped_column(Integer)
    error: Mapped[str | None] = mapped_column(Text)
    duration_ms: Mapped[int] = mapped_column(Integer, nullable=False)
    response: Mapped[str] = mapped_column(Text, nullable=False, server_default="")
