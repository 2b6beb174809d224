"""The board in a real Chromium, over SQLite and PostgreSQL: a lead made a deal on its page is a card
in its stage's column, moved by the arrow keys, by dragging it, and to lost with a reason; of two
people moving one card, the second is shown where the first put it, and one stage is stored; the
dashboard's forecast read against a sum made in SQL; a viewer given nothing to move; on a
390 px phone the columns are swiped one at a time and the page never scrolls sideways."""

import uuid
from datetime import UTC, date, datetime

import pytest
from sqlalchemy import text

from lead_service.tests.samples import QUOTE

from ...support.browser import close
from ...support.inbox import next_code, open_signed_in, sign_in

pytestmark = pytest.mark.e2e

BOARD = "/inbox/board"


def _signed_in(inbox, open_page, role: str = "sales"):
    """A person of the test's own, signed in (a code each)."""
    email = f"board-{uuid.uuid4().hex[:8]}@work.example"
    page = open_page()
    sign_in(page, email, next_code(inbox.enrolled_staff(email, role)))
    return page


def _stages(inbox) -> dict[str, int]:
    with inbox.engine.connect() as connection:
        return dict(connection.execute(text("SELECT name, id FROM deal_stages")).all())


def _deal(inbox, lead_id: int) -> tuple[str, int, str]:
    """The deal's stage by name, its version, and its lead's status, from the database."""
    query = text(
        "SELECT s.name, d.version, l.status FROM deals d JOIN deal_stages s ON s.id = d.stage_id"
        " JOIN leads l ON l.id = d.lead_id WHERE d.lead_id = :lead"
    )
    with inbox.engine.connect() as connection:
        return tuple(connection.execute(query, {"lead": lead_id}).one())


def _lead(inbox, name: str) -> int:
    email = f"{uuid.uuid4().hex[:10]}@lead.io"
    inbox.post_lead("/api/quote", {**QUOTE, "name": name, "email": email})
    return inbox.lead_id(email)


def _made_deal(inbox, name: str, stage: str) -> int:
    """A lead made a deal in `stage` straight in the database: its id."""
    lead_id = _lead(inbox, name)
    with inbox.engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO deals (lead_id, stage_id, value_minor, currency, expected_close, version,"
                " created_at) VALUES (:lead, :stage, 5000000, 'EUR', :close, 1, :now)"
            ),
            {
                "lead": lead_id,
                "stage": _stages(inbox)[stage],
                "close": date(2027, 6, 30),
                "now": datetime.now(UTC),
            },
        )
    return lead_id


def _column(page, stage_id: int):
    return page.locator(f"section[data-stage='{stage_id}']")


def test_a_deal_made_on_its_page_moves_on_the_board_by_keys_by_pointer_and_to_lost(inbox, browse):
    lead_id = _lead(inbox, "Ilse Board")
    stages = _stages(inbox)
    page = _signed_in(inbox, browse)
    open_signed_in(page, f"/inbox/leads/{lead_id}")
    form = page.get_by_role("form", name="Deal")
    form.get_by_label("Stage").select_option(label="New")
    form.get_by_label("Value").fill("12500.50")
    form.get_by_label("Currency").fill("usd")
    form.get_by_label("Expected close").fill("2027-03-15")
    form.get_by_role("button", name="Make it a deal").click()
    page.locator("[data-deal-stage=New]").filter(has_text="$12,500.50 · New (10% likely)").wait_for()
    assert _deal(inbox, lead_id) == ("New", 1, "new")

    open_signed_in(page, BOARD)
    card = _column(page, stages["New"]).locator(f"[data-card='{lead_id}']")
    assert "$12,500.50" in card.inner_text() and "Nobody's yet" in card.inner_text()
    card.focus()
    page.keyboard.press("ArrowRight")
    moved = _column(page, stages["Contacted"]).locator(f"[data-card='{lead_id}']")
    moved.wait_for()
    page.locator("[aria-live=polite]").filter(has_text="Ilse Board moved to Contacted.").wait_for()
    assert page.evaluate("() => document.activeElement.dataset.card") == str(lead_id)  # focus kept
    assert _deal(inbox, lead_id) == ("Contacted", 2, "new")

    moved.drag_to(_column(page, stages["Proposal"]), source_position={"x": 4, "y": 4})
    _column(page, stages["Proposal"]).locator(f"[data-card='{lead_id}']").wait_for()
    assert _deal(inbox, lead_id) == ("Proposal", 3, "new")
    assert "(1)" in _column(page, stages["Proposal"]).get_by_role("heading").inner_text()

    card = _column(page, stages["Proposal"]).locator(f"[data-card='{lead_id}']")
    card.get_by_label("Stage").select_option(label="Lost")
    dialog = page.get_by_role("dialog", name="Why was Ilse Board lost?")
    dialog.get_by_label("Reason").select_option(label="Timing")
    dialog.get_by_role("button", name="Mark lost").click()
    card.wait_for(state="detached")
    assert _deal(inbox, lead_id) == ("Lost", 4, "lost")
    assert inbox.audit_actions().count("deal_changed") >= 3


def test_of_two_people_moving_one_card_the_second_is_shown_the_first_ones_move(inbox, browse):
    lead_id = _made_deal(inbox, "Rafa Race", "New")
    stages = _stages(inbox)
    first, second = _signed_in(inbox, browse), _signed_in(inbox, browse)
    for page in (first, second):
        open_signed_in(page, BOARD)

    first.locator(f"[data-card='{lead_id}']").get_by_label("Stage").select_option(label="Qualified")
    _column(first, stages["Qualified"]).locator(f"[data-card='{lead_id}']").wait_for()
    second.locator(f"[data-card='{lead_id}']").focus()
    second.keyboard.press("ArrowRight")  # to Contacted, on the version it read

    second.get_by_role("alert").filter(
        has_text="Someone else moved Rafa Race first: it is in Qualified now. Your move was not made."
    ).wait_for()
    _column(second, stages["Qualified"]).locator(f"[data-card='{lead_id}']").wait_for()
    assert _column(second, stages["New"]).locator(f"[data-card='{lead_id}']").count() == 0
    assert _deal(inbox, lead_id) == ("Qualified", 2, "new")


def test_on_a_phone_the_board_is_a_column_per_stage_swiped(inbox, browser):
    lead_id = _made_deal(inbox, "Pia Pocket", "New")
    stages = _stages(inbox)
    page = _signed_in(
        inbox,
        lambda: browser.new_context(
            base_url=inbox.url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        ).new_page(),
    )
    try:
        open_signed_in(page, BOARD)
        page.locator(f"[data-card='{lead_id}']").wait_for()
        assert page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 0
        first, second = _column(page, stages["New"]), _column(page, stages["Contacted"])
        box = first.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390  # one column fills the screen
        assert second.bounding_box()["x"] > box["x"] + box["width"]  # the next waits to the side

        first.evaluate("column => column.parentElement.scrollBy({ left: column.offsetWidth })")

        page.wait_for_function(
            f"() => {{ const box = document.querySelector(\"section[data-stage='{stages['Contacted']}']\")"
            ".getBoundingClientRect(); return box.left >= 0 && box.right <= 390; }"
        )
        assert page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 0
    finally:
        close(page)


def _money(minor: int, currency: str) -> str:
    return f"{ {'EUR': '€', 'USD': '$'}[currency] }{minor / 100:,.2f}"


def _table(page, heading: str) -> list[list[str]]:
    rows = page.locator(f"section[aria-labelledby={heading}] tbody tr")
    return rows.evaluate_all("rows => rows.map(row => [...row.cells].map(cell => cell.innerText.trim()))")


def test_the_dashboard_forecasts_the_open_deals_and_counts_the_won_and_lost_and_a_viewer_reads_the_board(
    inbox, browse
):
    won, lost = _made_deal(inbox, "Wendy Won", "Won"), _made_deal(inbox, "Lou Lost", "Lost")
    open_deal = _made_deal(inbox, "Vera View", "Qualified")
    with inbox.engine.begin() as connection:
        connection.execute(
            text(
                "UPDATE deals SET closed_at = (SELECT created_at FROM leads WHERE id = :won)"
                " + INTERVAL '12 days' WHERE lead_id = :won"
                if inbox.engine.dialect.name == "postgresql"
                else "UPDATE deals SET closed_at = datetime((SELECT created_at FROM leads WHERE id = :won),"
                " '+12 days') WHERE lead_id = :won"
            ),
            {"won": won},
        )
        connection.execute(
            text(
                "UPDATE deals SET closed_at = :now, lost_reason_id = (SELECT id FROM lost_reasons"
                " WHERE name = 'Price') WHERE lead_id = :lost"
            ),
            {"lost": lost, "now": datetime.now(UTC)},
        )
        # Each month's and currency's open deals, summed apart from the service's own query.
        expected = connection.execute(
            text(
                "SELECT d.expected_close, d.currency, d.value_minor, s.probability FROM deals d"
                " JOIN deal_stages s ON s.id = d.stage_id WHERE s.outcome IS NULL"
            )
        ).all()
    sums: dict[tuple[str, str], list[int]] = {}
    for closes, currency, value, probability in expected:
        kept = sums.setdefault((str(closes)[:7], currency), [0, 0, 0])
        kept[0], kept[1], kept[2] = kept[0] + 1, kept[1] + value, kept[2] + value * probability

    page = _signed_in(inbox, browse, "viewer")
    open_signed_in(page, "/inbox/dashboard")

    assert _table(page, "forecast-heading") == [
        [
            date.fromisoformat(f"{month}-01").strftime("%b %Y"),
            str(count),
            _money(value, currency),
            _money((weighted + 50) // 100, currency),
        ]
        for (month, currency), (count, value, weighted) in sorted(sums.items())
    ]
    month = datetime.now(UTC).strftime("%b %Y")
    closed = _table(page, "closed-heading")
    assert [month, "Lost", "1", "€50,000.00", "Price 1"] in closed
    assert any(row[1:4] == ["Won", "1", "€50,000.00"] for row in closed)
    assert page.locator("[data-figure=time-to-win]").inner_text() == (
        "From a lead's arrival to its deal's win: 12 days, the median."
    )

    open_signed_in(page, BOARD)  # a viewer reads the board, and is given nothing to move
    page.locator(f"[data-card='{open_deal}']").wait_for()
    assert page.locator("[data-card] select").count() == 0
    assert page.locator("[data-card][draggable=true], [data-card][tabindex]").count() == 0
