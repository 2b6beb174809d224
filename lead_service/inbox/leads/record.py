"""A lead as both its page (leads_api.py) and the v1 API show it: where and when it came, its form's
fields under their labels, the team's work on it, its deal, notes and conversation."""

from typing import Any

from ...models.leads import Lead, as_utc
from ...models.staff import StaffUser
from ...schemas import ATTRIBUTION_KEYS, form_spec
from . import conversation, deals, work


def _form_fields(found: Lead) -> list[dict[str, Any]]:
    """The form's fields in its order, under its labels (the hidden page field, and the phone's
    country as the form sent it, which only read the number, apart)."""
    return [
        {"field": field, "label": spec["label"], "value": getattr(found, field, None)}
        for field, spec in form_spec(found.form)["fields"].items()
        if spec["type"] not in ("hidden", "phone-country")
    ]


def record(found: Lead, reader: StaffUser) -> dict[str, Any]:
    """The lead, its notes as `reader` may act on them."""
    return {
        "id": found.id,
        "form": found.form,
        "form_title": form_spec(found.form)["title"],
        "received": as_utc(found.created_at),
        "page": found.page,
        "spam": found.spam,
        "fields": _form_fields(found),
        "work": work.state(found),
        "deal": deals.of_lead(found.id),
        "notes": [work.note_state(note, reader) for note in work.notes(found.id)],
        "conversation": conversation.messages(found.id),
        "attribution": {key: getattr(found, key) for key in ATTRIBUTION_KEYS if getattr(found, key)} or None,
    }
