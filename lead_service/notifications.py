"""What the sales team is told of a new lead: the e-mail and the webhook's JSON, both built from the
stored lead, with the form's own labels from forms.json."""

import json
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import formataddr, parseaddr
from typing import Any

from .export import record
from .schemas import FORMS

_KIND_NAMES = {"contact": "contact message", "quote": "quote request"}


@dataclass(frozen=True)
class Notice:
    """One lead, ready to be told: its record and where it came from."""

    outbox_id: int
    lead: dict[str, Any]
    page_url: str | None

    @property
    def form(self) -> dict[str, Any]:
        # A contact message names its form; a quote request's form is the quote form.
        return FORMS["forms"][self.lead.get("form") or self.lead["kind"]]

    @property
    def subject(self) -> str:
        who = self.lead["name"] + (f", {self.lead['company']}" if self.lead.get("company") else "")
        return f"New {_KIND_NAMES[self.lead['kind']]} from {who}"

    def fields(self) -> list[tuple[str, str]]:
        """Every field the visitor filled, labelled as the form labels it, in the form's order."""
        return [
            (spec["label"], str(self.lead[key]))
            for key, spec in self.form["fields"].items()
            if key != "page" and self.lead.get(key)
        ]


def notice(outbox_id: int, kind: str, lead: Any, site_url: str) -> Notice:
    values = record(kind, lead)
    return Notice(outbox_id, values, f"{site_url}{values['page']}" if values.get("page") else None)


def _block(label: str, value: str, width: int) -> str:
    # A message's later lines line up under its first, so a long message stays readable.
    lines = value.splitlines() or [""]
    indent = "\n" + " " * (width + 2)
    return f"{label + ':':<{width + 1}} {indent.join(lines)}"


def email(item: Notice, sender: str, recipients: list[str]) -> EmailMessage:
    rows = [
        *item.fields(),
        ("Form", item.form["title"]),
        ("Page", item.page_url or "not given"),
        ("Received", f"{datetime.fromisoformat(item.lead['created_at']):%Y-%m-%d %H:%M} UTC"),
        ("Lead", f"{item.lead['kind']} #{item.lead['id']}"),
    ]
    width = max(len(label) for label, _ in rows)
    name = item.lead["name"]
    body = "\n".join(
        [
            f"A new {_KIND_NAMES[item.lead['kind']]} came in through the website.",
            "",
            *(_block(label, value, width) for label, value in rows),
            "",
            f"Reply to this e-mail to answer {name} directly.",
            "",
        ]
    )
    message = EmailMessage()
    message["Subject"] = item.subject
    message["From"] = sender
    message["To"] = ", ".join(recipients)
    message["Reply-To"] = formataddr((name, item.lead["email"]))
    # The same id on every try, so that a mail client shows a notification sent twice once.
    domain = parseaddr(sender)[1].rpartition("@")[2] or "localhost"
    message["Message-ID"] = f"<lead-{item.lead['kind']}-{item.lead['id']}-{item.outbox_id}@{domain}>"
    message.set_content(body)
    return message


def webhook_body(item: Notice) -> bytes:
    return json.dumps(
        {
            "event": "lead.created",
            "delivery_id": item.outbox_id,
            "subject": item.subject,
            "page_url": item.page_url,
            "lead": item.lead,
        },
        ensure_ascii=False,
    ).encode()
