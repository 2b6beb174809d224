"""A person's erasure from the inbox, for admins: every lead sent with their address, or any address
merged with it, and all that was kept of each, gone in one transaction with its audit events
(retention.erase, which the `leads erase` command shares), and a receipt of what went. The address
is typed twice, so that a slip of the finger erases nobody else, and the addresses it takes can be
read first, so that a merged person's other addresses go knowingly."""

import re
from typing import Any, ClassVar

from flask import g
from marshmallow import EXCLUDE, Schema, ValidationError, fields, pre_load, validates_schema

from ... import audit, content, retention
from ...extensions import db
from ...intake import contract
from ...models.leads import fold_address
from ...schemas import MESSAGES, characters
from ..auth.guard import staff

bp = contract.Blueprint("inbox_erase", __name__, url_prefix="/api/inbox")

MAX_ADDRESS_LENGTH = content.load("inbox")["limits"]["maxAddressLength"]
# Looser than the forms' pattern: an address stored under an older rule must still be erasable.
_ADDRESS = re.compile(r"^[^@\s]+@[^@\s]+$")


def _address(value: str) -> None:
    characters({"type": "email"})(value)
    if len(value) > MAX_ADDRESS_LENGTH:
        raise ValidationError(MESSAGES["maxLength"].format(max=MAX_ADDRESS_LENGTH))
    if not _ADDRESS.match(value):
        raise ValidationError("Give an e-mail address, such as name@example.com.")


def _address_field(required: str, description: str) -> fields.String:
    return fields.String(
        required=True,
        validate=_address,
        error_messages={"required": required, "null": required, "invalid": MESSAGES["notText"]},
        metadata={"description": description, "maxLength": MAX_ADDRESS_LENGTH},
    )


class ErasureRequest(Schema):
    class Meta:
        unknown = EXCLUDE

    error_messages: ClassVar[dict[str, str]] = {"type": "Send the addresses as a JSON object."}

    email = _address_field("Give the address to erase.", "The address whose leads are erased.")
    confirm = _address_field("Type the address again.", "The same address again (any capitals).")

    @pre_load
    def tidy(self, data: Any, **_kwargs: Any) -> Any:
        """Trimmed and case-folded, as the leads are matched; a blank value counts as missing."""
        if not isinstance(data, dict):
            return data
        tidied = {
            key: fold_address(value) if isinstance(value, str) else value for key, value in data.items()
        }
        return {key: value for key, value in tidied.items() if value != ""}

    @validates_schema(skip_on_field_errors=True)
    def the_same(self, data: dict[str, Any], **_kwargs: Any) -> None:
        if data["email"] != data["confirm"]:
            raise ValidationError("Type the same address again.", "confirm")


class InboxErasureCounts(Schema):
    contact = fields.Integer(required=True, metadata={"description": "Contact messages."})
    quote = fields.Integer(required=True, metadata={"description": "Quote requests."})
    notes = fields.Integer(
        required=True, metadata={"description": "The staff's notes on them, with their earlier texts."}
    )
    notifications = fields.Integer(required=True, metadata={"description": "Their notifications."})
    keys = fields.Integer(required=True, metadata={"description": "Their Idempotency-Keys."})
    messages = fields.Integer(required=True, metadata={"description": "Their conversations' messages."})


class InboxErasure(Schema):
    removed = fields.Nested(InboxErasureCounts, required=True)
    addresses = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "Every address erased, case-folded: the one given and any merged with it."},
    )
    erased_before = fields.DateTime(
        required=True,
        allow_none=True,
        metadata={"description": "When one of the addresses was last erased before; null: never."},
    )


@bp.post("/erase")
@staff("admin")
@bp.arguments(ErasureRequest)
@bp.response(
    200,
    InboxErasure,
    description="Erased (or nothing was there to erase), with every address merged with it, in one"
    " transaction with an audit event per address, which keeps its counts and a keyed hash of the address,"
    " never the address. The counts per kind, the addresses erased, and when one was erased before.",
)
@bp.alt_response(
    400,
    schema={"oneOf": [contract.ValidationErrors, contract.HttpError]},
    description="An address missing or not an address, or the two not the same (`errors`); or a body that"
    " is not JSON.",
)
def erase_person(given: dict[str, str]):
    """Erase a person: every lead sent with an address, or with any address merged with it, with its
    notes, notifications, keys and conversation."""
    return retention.erase(given["email"], g.staff.id)._asdict()


class InboxErasurePreview(Schema):
    addresses = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "Every address its erasure takes, case-folded: it and any merged with it."},
    )


@bp.post("/erase/preview")
@staff("admin")
@bp.arguments(ErasureRequest)
@bp.response(
    200,
    InboxErasurePreview,
    description="What an erasure of the address would take, erasing nothing: the address itself, and every"
    " address merged with it (a merged person is erased whole).",
)
@bp.alt_response(
    400,
    schema={"oneOf": [contract.ValidationErrors, contract.HttpError]},
    description="As the erasure's own.",
)
def preview_erasure(given: dict[str, str]):
    """Which addresses an erasure of this one would take."""
    addresses = retention.erased_with(given["email"])
    audit.record("erasure_previewed", g.staff.id, addresses=len(addresses))
    db.session.commit()
    return {"addresses": addresses}
