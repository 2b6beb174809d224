"""The ways the sales team hears of a lead: e-mail over SMTP and the webhook endpoints admins keep; a
member of staff hears of a lead given to them, or of an event on their own account, by e-mail alone, and a
lead gets the sales team's replies by e-mail from the sales mailbox (SALES_EMAIL); the team is
alerted by e-mail of a lead unanswered past its response target or given to nobody, and a lead's
owner (or the team) of the lead's answer. Each channel is on only when configured; a failed send
raises DeliveryError for the outbox to retry (any other exception, the outbox records the same
way)."""

import smtplib
import ssl
from collections.abc import Mapping
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any, ClassVar, Protocol

from ..webhooks import events as webhook_events
from . import answered, assigned, digests, new_lead, overdue, replies, security, unowned, webhook_disabled
from .answered import Answered
from .assigned import Assignment
from .digests import Digest
from .new_lead import Notice
from .overdue import Overdue
from .replies import Reply
from .security import SecurityNotice
from .unowned import Unowned
from .webhook_disabled import WebhookDisabled


class DeliveryError(Exception):
    """A channel did not take the notification; the message says why, without the lead's data."""


class Channel(Protocol):
    # Also names the outbox column that records the channel's success: f"{name}_sent_at".
    name: ClassVar[str]

    def send(self, item: Notice) -> None: ...


@dataclass(frozen=True)
class EmailChannel:
    name: ClassVar[str] = "email"

    host: str
    port: int
    security: str  # starttls, ssl or none
    username: str
    password: str
    sender: str
    recipients: list[str]
    timeout: float
    sales_email: str = ""  # none: replies cannot go

    def send(self, item: Notice) -> None:
        self._deliver(new_lead.notice_email(item, self.sender, self.recipients))

    def send_assignment(self, item: Assignment) -> None:
        self._deliver(assigned.assignment_email(item, self.sender))

    def send_security(self, item: SecurityNotice) -> None:
        self._deliver(security.security_email(item, self.sender))

    def send_due(self, item: Digest) -> None:
        self._deliver(digests.digest_email(item, self.sender))

    def send_overdue(self, item: Overdue) -> None:
        self._deliver(overdue.overdue_email(item, self.sender, self.recipients))

    def send_unowned(self, item: Unowned) -> None:
        self._deliver(unowned.unowned_email(item, self.sender, self.recipients))

    def send_answered(self, item: Answered) -> None:
        self._deliver(answered.answered_email(item, self.sender, self.recipients))

    def send_webhook_disabled(self, item: WebhookDisabled) -> None:
        self._deliver(webhook_disabled.webhook_disabled_email(item, self.sender))

    def send_reply(self, item: Reply) -> None:
        if not self.sales_email:
            raise DeliveryError("SALES_EMAIL is not set: a reply has no address to go from")
        self._deliver(replies.reply_email(item, self.sales_email))

    def _deliver(self, message: EmailMessage) -> None:
        try:
            if self.security == "ssl":
                smtp = smtplib.SMTP_SSL(
                    self.host, self.port, timeout=self.timeout, context=ssl.create_default_context()
                )
            else:
                smtp = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
            with smtp:
                if self.security == "starttls":
                    smtp.starttls(context=ssl.create_default_context())
                if self.username:
                    smtp.login(self.username, self.password)
                smtp.send_message(message)
        # OSError covers refused connections, time-outs, TLS failures and every SMTP error.
        except OSError as exc:
            raise DeliveryError(f"SMTP {self.host}:{self.port}: {type(exc).__name__}: {exc}") from exc


@dataclass(frozen=True)
class WebhookFanout:
    """The new lead's lead.created, one delivery for each enabled endpoint that wants it, added to the
    outbox row's own transaction; the deliveries go later (webhook_delivery.py). So intake writes
    nothing per endpoint, however many there are. The endpoint made from WEBHOOK_URL gets the old
    body, which its receiver reads."""

    name: ClassVar[str] = "webhook"

    def send(self, item: Notice) -> None:
        endpoints = webhook_events.wanting("lead.created")
        standard = webhook_events.body("lead.created", item.created_at, new_lead.created_data(item))
        old = new_lead.webhook_body(item).decode("utf-8")
        for endpoint in endpoints:
            webhook_events.add(
                endpoint, "lead.created", item.lead["id"], old if endpoint.legacy else standard
            )


def configured(config: Mapping[str, Any], webhooks: bool = False) -> list[Channel]:
    """The channels on: e-mail when SMTP_HOST is set, the webhooks' when an endpoint wants new leads."""
    channels: list[Channel] = []
    if config["SMTP_HOST"]:
        channels.append(
            EmailChannel(
                host=config["SMTP_HOST"],
                port=config["SMTP_PORT"],
                security=config["SMTP_SECURITY"],
                username=config["SMTP_USERNAME"],
                password=config["SMTP_PASSWORD"],
                sender=config["NOTIFY_EMAIL_FROM"],
                recipients=config["NOTIFY_EMAIL_TO"],
                timeout=config["NOTIFY_TIMEOUT_SECONDS"],
                sales_email=config["SALES_EMAIL"],
            )
        )
    if webhooks:
        channels.append(WebhookFanout())
    return channels
