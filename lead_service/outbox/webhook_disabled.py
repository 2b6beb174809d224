"""An admin told by e-mail that a webhook endpoint was switched off after 3 days of failed
deliveries (webhook_delivery.py): which one, and where to turn it back on."""

import json
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

from .staff_mail import staff_email, staff_member
from .text import one_line


@dataclass(frozen=True)
class WebhookDisabled:
    outbox_id: int
    endpoint_id: int
    endpoint_url: str
    name: str
    email: str
    url: str


def webhook_disabled(outbox_id: int, detail: str | None, admin: Any, inbox_url: str) -> WebhookDisabled:
    facts = json.loads(detail or "{}")
    return WebhookDisabled(
        outbox_id,
        int(facts["endpoint_id"]),
        str(facts["url"]),
        admin.name,
        admin.email,
        f"{inbox_url}/inbox/webhooks",
    )


def webhook_disabled_email(item: WebhookDisabled, sender: str) -> EmailMessage:
    body = "\n".join(
        [
            f"Hello {one_line(item.name)},",
            "",
            f"Every delivery to the webhook endpoint {one_line(item.endpoint_url)} failed for 3 days, so it "
            "was switched off: it gets no more events until an admin turns it on again.",
            "",
            f"Its delivery log, and the switch: {item.url}",
            "",
        ]
    )
    return staff_email(
        sender,
        staff_member(item.name, item.email),
        "A webhook endpoint was switched off",
        body,
        kind_id=f"webhook-disabled-{item.endpoint_id}-{item.outbox_id}",
    )
