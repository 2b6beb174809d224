"""Leads as plain records, for the sales team's list and export commands and the inbox's download."""

import csv
import io
import json
import re
from collections.abc import Iterable, Iterator
from datetime import UTC, date, datetime, time, timedelta
from typing import IO, Any

from sqlalchemy import select

from .extensions import db
from .models.leads import Lead, as_utc
from .schemas import ATTRIBUTION_KEYS

COLUMNS = [
    "id",
    "created_at",
    "form",
    "name",
    "company",
    "email",
    "phone",
    "message",
    "project",
    "budget",
    "country",
    "page",
    *ATTRIBUTION_KEYS,
    "spam",
]
# A spreadsheet runs a cell that starts like a formula; a plain phone number such as
# +8801712345678 is data, anything else starting with these characters is defused.
_FORMULA_START = re.compile(r"^[=@\t\r]|^[+-](?![0-9 ()+.-]*$)")


def record(lead: Lead | Any) -> dict[str, Any]:
    """One lead (or a row of its columns) as a plain record with every column, its time in UTC
    ISO 8601."""
    values = {column: getattr(lead, column) for column in COLUMNS}
    return {**values, "created_at": as_utc(lead.created_at).isoformat()}


def leads(
    form: str | None = None, since: date | None = None, until: date | None = None, include_spam: bool = False
) -> list[dict[str, Any]]:
    """Leads from a form (any, when none) created from `since` through `until` (whole UTC days),
    oldest first; spam only when asked for."""
    query = select(Lead).order_by(Lead.created_at, Lead.id)
    if form:
        query = query.where(Lead.form == form)
    if not include_spam:
        query = query.where(Lead.spam.is_(False))
    if since:
        query = query.where(Lead.created_at >= datetime.combine(since, time.min, UTC))
    if until:
        query = query.where(Lead.created_at < datetime.combine(until + timedelta(days=1), time.min, UTC))
    return [record(lead) for lead in db.session.scalars(query)]


def write_json(rows: list[dict[str, Any]], stream: IO[str]) -> None:
    json.dump(rows, stream, ensure_ascii=False, indent=2)
    stream.write("\n")


def _cell(value: Any) -> Any:
    if isinstance(value, str) and _FORMULA_START.match(value):
        return "'" + value
    return value


# A stream's pieces: large enough that a download is not a write per row, small enough to stream.
CHUNK_CHARACTERS = 64 * 1024


def csv_chunks(rows: Iterable[dict[str, Any]]) -> Iterator[str]:
    """The CSV, its formula-like cells defused, in pieces of about CHUNK_CHARACTERS: a header
    line, then a line per row."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({key: _cell(value) for key, value in row.items()})
        if buffer.tell() >= CHUNK_CHARACTERS:
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
    yield buffer.getvalue()


def write_csv(rows: list[dict[str, Any]], stream: IO[str]) -> None:
    for chunk in csv_chunks(rows):
        stream.write(chunk)
