"""GET /api/inbox/leads/export: the list's view as CSV, every lead of it in the list's order,
through the leads export's writer (formula-like cells defused), streamed, on the audit trail with
the view and the rows sent; for sales and admins."""

import csv
import io
from datetime import timedelta

import pytest

from lead_service import export
from lead_service.inbox.reports import export_api

from ..conftest import T0, contact, quote

URL = "/api/inbox/leads/export"


def _csv(answer) -> list[dict[str, str]]:
    text = answer.get_data(as_text=True)
    assert text.startswith("\ufeff")  # for spreadsheets
    return list(csv.DictReader(io.StringIO(text[1:])))


def _listed(client, query: str) -> list[int]:
    ids, cursor = [], ""
    while True:
        answer = client.get(f"/api/inbox/leads?{query}{cursor}").json
        ids += [lead["id"] for lead in answer["leads"]]
        if answer["next"] is None:
            return ids
        cursor = f"&cursor={answer['next']}"


def test_the_download_is_the_views_leads_in_its_order_over_many_batches(signed_in, add, monkeypatch):
    monkeypatch.setattr(export_api, "BATCH", 3)
    # Stored out of their order, some at one moment: the list's (time, id) order is theirs.
    add(
        *(quote(f"Acme Quoter{n}", at=T0 - timedelta(minutes=n, seconds=30 * (n % 2))) for n in range(4)),
        *(contact(f"Acme Person{n}", at=T0 - timedelta(minutes=n // 2)) for n in range(8)),
        contact("Other Person", at=T0, company="Elsewhere", email="other@elsewhere.example"),
        contact("Acme Spam", at=T0, spam=True),
    )
    client = signed_in("sales")
    for query in ("q=acme", "q=acme&form=quote", "", "spam=include&q=acme"):
        answer = client.get(f"{URL}?{query}")
        assert answer.status_code == 200
        assert answer.mimetype == "text/csv"
        assert answer.headers["Content-Disposition"].startswith('attachment; filename="leads-')
        rows = _csv(answer)
        assert [int(row["id"]) for row in rows] == _listed(client, query), query
        assert list(rows[0]) == export.COLUMNS  # the leads' columns, no table's name among them
    rows = _csv(client.get(f"{URL}?q=acme"))
    assert len(rows) == 12
    assert sorted({row["form"] for row in rows}) == ["contact", "quote"]


def test_a_cell_a_spreadsheet_would_run_is_defused(signed_in, add):
    add(contact('=HYPERLINK("http://evil.example","Open")', company="@SUM(A1)", phone="+1 202-555-0100"))
    [row] = _csv(signed_in("sales").get(URL))
    assert row["name"] == '\'=HYPERLINK("http://evil.example","Open")'
    assert row["company"] == "'@SUM(A1)"
    assert row["phone"] == "+1 202-555-0100"  # a phone number stays a phone number


def test_the_download_is_on_the_audit_trail_before_its_first_byte_and_after_its_last(
    signed_in, add, audit_trail
):
    add(contact("Acme One"), contact("Acme Two"), quote("Acme Three"))
    client = signed_in("admin")
    answer = client.get(f"{URL}?q=acme&form=contact&status=new")

    begun = [event for event in audit_trail() if event[0].startswith("export")]
    assert begun == [("export", begun[0][1], {"form": "contact", "status": "new", "query_length": 4})]
    answer.get_data()  # the stream, to its end
    finished = [event for event in audit_trail() if event[0] == "export_finished"]
    assert [detail for _, _, detail in finished] == [{"rows": 2, "complete": True}]
    # Passed on unbuffered: nginx would otherwise keep the whole download in its memory and /tmp.
    assert answer.headers["X-Accel-Buffering"] == "no"


def test_viewers_may_not_download_and_a_bad_filter_is_a_400(signed_in):
    assert signed_in("viewer").get(URL).status_code == 403
    bad = signed_in("sales", "sales-2@staff.example").get(f"{URL}?from=yesterday")
    assert bad.status_code == 400 and "from" in bad.json["errors"]


@pytest.mark.parametrize("fetch_site", ["same-site", "cross-site"])
def test_another_sites_page_gets_no_download_and_no_read_even_with_the_cookie(
    signed_in, add, audit_trail, fetch_site
):
    """As a tag on the public site, a sister subdomain whose requests carry the inbox's cookies, would
    ask: refused before anything is read or recorded."""
    client = signed_in("admin")
    add(contact("Someone"))
    before = audit_trail()

    for path in ("/api/inbox/leads/export", "/api/inbox/leads", "/api/inbox/session"):
        answer = client.get(path, headers={"Sec-Fetch-Site": fetch_site})
        assert answer.status_code == 403, path
    assert audit_trail() == before
    # Typed into the address bar, or followed from a bookmark: the browser says none.
    assert client.get("/api/inbox/leads/export", headers={"Sec-Fetch-Site": "none"}).status_code == 200
