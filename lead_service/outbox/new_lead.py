"""What the sales team is told of a new lead: the e-mail and the webhook's JSON, both built from the
stored lead, with the form's own labels from forms.json.

Built to take any stored lead (text.py): the Reply-To is left out where the address cannot be one
(the body shows it instead), and what the sales team reads shows a hidden control or direction
override as a visible mark."""

import json
from dataclasses import dataclass
from datetime import datetime
from email.headerregistry import Address
from email.message import EmailMessage
from typing import Any

from ..export import record
from ..schemas import form_spec
from .staff_mail import staff_email
from .text import one_line, reply_address, subject_line, visible_text, what


@dataclass(frozen=True)
class Notice:
    """One lead, ready to be told: its record and where it came from."""

    outbox_id: int
    lead: dict[str, Any]
    page_url: str | None

    @property
    def created_at(self) -> datetime:
        return datetime.fromisoformat(self.lead["created_at"])

    @property
    def form(self) -> dict[str, Any]:
        return form_spec(self.lead["form"])

    @property
    def who(self) -> str:
        name, company = str(self.lead.get("name") or ""), str(self.lead.get("company") or "")
        return name + (f", {company}" if company else "")

    @property
    def subject(self) -> str:
        return subject_line(f"New {what(self.lead['form'])} from {self.who}")

    def fields(self) -> list[tuple[str, str]]:
        """Every field the visitor filled, labelled as the form labels it, in the form's order."""
        shown = {"textarea": visible_text}
        return [
            (spec["label"], shown.get(spec["type"], one_line)(str(self.lead[key])))
            for key, spec in self.form["fields"].items()
            if key != "page" and self.lead.get(key)
        ]


def notice(outbox_id: int, lead: Any, site_url: str) -> Notice:
    values = record(lead)
    page = values.get("page")
    return Notice(outbox_id, values, f"{site_url}{one_line(page)}" if page else None)


def _block(label: str, value: str, width: int) -> str:
    # A message's later lines line up under its first, so a long message stays readable.
    lines = value.splitlines() or [""]
    indent = "\n" + " " * (width + 2)
    return f"{label + ':':<{width + 1}} {indent.join(lines)}"


def notice_email(item: Notice, sender: str, recipients: list[str]) -> EmailMessage:
    """To the sales team: every field of the lead, and a Reply-To that answers the lead directly."""
    reply_to = reply_address(str(item.lead.get("email") or ""))
    name = one_line(str(item.lead.get("name") or ""))
    rows = [
        *item.fields(),
        ("Form", item.form["title"]),
        ("Page", one_line(item.page_url) if item.page_url else "not given"),
        ("Received", f"{datetime.fromisoformat(item.lead['created_at']):%Y-%m-%d %H:%M} UTC"),
        ("Lead", f"#{item.lead['id']}"),
    ]
    width = max(len(label) for label, _ in rows)
    closing = (
        f"Reply to this e-mail to answer {name} directly."
        if reply_to
        else "The e-mail address given above cannot take a reply from a mail program: write to it "
        "by hand, or answer by phone."
    )
    body = "\n".join(
        [
            f"A new {what(item.lead['form'])} came in through the website.",
            "",
            *(_block(label, value, width) for label, value in rows),
            "",
            closing,
            "",
        ]
    )
    return staff_email(
        sender,
        recipients,
        item.subject,
        body,
        kind_id=f"lead-{item.lead['id']}-{item.outbox_id}",
        reply_to=Address(display_name=name, addr_spec=reply_to) if reply_to else None,
    )


def webhook_body(item: Notice) -> bytes:
    """The lead as stored, as JSON: a receiver gets exactly what was sent, and decides itself how
    to show it. A lone surrogate goes as its JSON escape."""
    return json.dumps(
        {
            "event": "lead.created",
            "delivery_id": item.outbox_id,
            "subject": item.subject,
            "page_url": item.page_url,
            "lead": item.lead,
        },
        ensure_ascii=False,
    ).encode("utf-8", "backslashreplace")


def created_data(item: Notice) -> dict[str, Any]:
    """lead.created's data: the lead as the inbox shows it to staff, and the page it came from."""
    return {"lead_id": item.lead["id"], "page_url": item.page_url, "lead": item.lead}
