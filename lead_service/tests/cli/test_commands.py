"""`lead-service leads list|export` give the sales team exactly the rows that are stored."""

import csv
import io
import json
from datetime import UTC, datetime

import pytest

from lead_service import export
from lead_service.extensions import db
from lead_service.models.leads import Lead

from ..samples import CONTACT, QUOTE


def _dated_quote(name, created_at):
    return Lead(
        form="quote",
        name=name,
        email=f"{name.lower()}@x.io",
        phone="+8801712345678",
        project="p",
        budget="1000$ - 5000$ Estimated",
        created_at=created_at,
    )


@pytest.fixture
def stored(client, app):
    """Two leads through the API and three dated ones straight into the database."""
    assert client.post("/api/contact", json=CONTACT).status_code == 201
    assert client.post("/api/quote", json=QUOTE).status_code == 201
    with app.app_context():
        db.session.add_all(
            [
                Lead(
                    form="caseStudiesContact",
                    name="Old",
                    email="old@x.io",
                    message="m",
                    created_at=datetime(2025, 12, 31, 23, 59, tzinfo=UTC),
                ),
                _dated_quote("Jan", datetime(2026, 1, 1, 0, 0, tzinfo=UTC)),
                _dated_quote("Feb", datetime(2026, 2, 1, 12, 0, tzinfo=UTC)),
            ]
        )
        db.session.commit()


def _database_records(app):
    """Every stored lead, read straight from the table, as the export should present it: what the
    visitor sent, not the sales team's work on it."""
    records = []
    with app.app_context():
        for lead in db.session.scalars(db.select(Lead)):
            record = {column: getattr(lead, column) for column in export.COLUMNS}
            created = record["created_at"]
            record["created_at"] = (created if created.tzinfo else created.replace(tzinfo=UTC)).astimezone(
                UTC
            )
            records.append(record)
    return sorted(records, key=lambda r: (r["created_at"], r["id"]))


def _from_export(record):
    return {
        **{k: v for k, v in record.items() if v is not None},
        "created_at": datetime.fromisoformat(record["created_at"]),
    }


def test_json_export_is_exactly_the_stored_rows(app, runner, stored, tmp_path):
    out = tmp_path / "leads.json"
    result = runner.invoke(args=["leads", "export", "--format", "json", "--output", str(out)])

    assert result.exit_code == 0, result.output
    exported = json.loads(out.read_text(encoding="utf-8"))
    expected = [{k: v for k, v in r.items() if v is not None} for r in _database_records(app)]
    assert [_from_export(r) for r in exported] == expected
    assert len(exported) == 5


def test_csv_export_is_exactly_the_stored_rows(app, runner, stored):
    result = runner.invoke(args=["leads", "export", "--format", "csv"])

    assert result.exit_code == 0, result.output
    exported = list(csv.DictReader(io.StringIO(result.stdout)))
    expected = _database_records(app)
    assert len(exported) == len(expected) == 5
    for row, record in zip(exported, expected, strict=True):
        assert datetime.fromisoformat(row.pop("created_at")) == record.pop("created_at")
        assert row == {
            key: "" if record.get(key) is None else str(record[key]) for key in row if key != "created_at"
        }


def test_csv_file_starts_with_a_byte_order_mark_for_spreadsheets(runner, stored, tmp_path):
    out = tmp_path / "leads.csv"
    assert runner.invoke(args=["leads", "export", "-o", str(out)]).exit_code == 0
    assert out.read_bytes().startswith(b"\xef\xbb\xbfid,created_at,form,")
    assert len(list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8-sig"))))) == 5


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["--form", "quote"], ["Jan", "Feb", "Tom Berg"]),
        (["--form", "caseStudiesContact"], ["Old"]),
        (["--form", "contact"], ["Mina Lee"]),
        (["--form", "quote", "--since", "2026-01-01", "--until", "2026-01-31"], ["Jan"]),
        (["--since", "2026-01-02", "--until", "2026-02-01"], ["Feb"]),
        (["--until", "2025-12-31"], ["Old"]),
    ],
)
def test_filters_by_form_and_date(runner, stored, args, names):
    result = runner.invoke(args=["leads", "export", "--format", "json", *args])

    assert result.exit_code == 0, result.output
    assert [record["name"] for record in json.loads(result.stdout)] == names


def test_formula_like_cells_are_defused_but_phone_numbers_kept(runner, client):
    contact = {
        **CONTACT,
        "name": '=HYPERLINK("http://x")',
        "company": "@SUM(A1)",
        "phone": "+1 (415) 555-0134",
    }
    assert client.post("/api/contact", json=contact).status_code == 201

    [row] = csv.DictReader(io.StringIO(runner.invoke(args=["leads", "export"]).stdout))

    assert (row["name"], row["company"]) == ('\'=HYPERLINK("http://x")', "'@SUM(A1)")
    assert row["phone"] == "+14155550134"  # in E.164, as stored: a plain number, not defused


def test_list_prints_one_line_per_lead(runner, stored):
    result = runner.invoke(args=["leads", "list", "--form", "quote"])

    assert result.exit_code == 0
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 3 and "Jan" in lines[0] and "tom@berg.dev" in lines[2]


def test_bad_date_is_a_usage_error(runner):
    result = runner.invoke(args=["leads", "export", "--since", "last week"])

    assert result.exit_code == 2
    assert "YYYY-MM-DD" in result.output or "%Y-%m-%d" in result.output
