"""What staff write on a lead (a note, a reply, a saved reply's title), as one kind of field: its
own characters' rules, a bound, and never blank."""

from typing import Any

from marshmallow import ValidationError, fields, validate

from ...schemas import characters


def written(what: str, max_length: int, kind: str = "textarea", **metadata: Any) -> fields.String:
    """A required text field of `kind` (forms.json's characters: textarea, or text for one line)
    of at most `max_length` characters, refused blank, its errors naming `what` it is."""

    def not_blank(text: str) -> None:
        if not text.strip():
            raise ValidationError(f"Write the {what} first.")

    return fields.String(
        required=True,
        validate=[
            validate.Length(max=max_length, error=f"Keep a {what} to {max_length} characters or fewer."),
            characters({"type": kind}),
            not_blank,
        ],
        metadata=metadata,
    )
