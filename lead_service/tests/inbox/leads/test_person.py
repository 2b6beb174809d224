"""The person behind a lead: on each lead's page, the other leads sent with the same address (any
capitals or spaces), and their arrivals, notes, replies and answers in time order; nobody else's.
The list, one row per person: each person's newest listed lead, with the count of their leads, at
every address merged into one person (and split again when the merge is undone)."""

from datetime import UTC, datetime, timedelta

from lead_service.extensions import db
from lead_service.inbox.leads import page, person
from lead_service.inbox.leads.filters import Cursor, Filters
from lead_service.models.conversation import LeadMessage
from lead_service.models.staff import LeadNote, StaffUser

from ..conftest import contact, quote

LEAD = "/api/inbox/leads/{}"
T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)


def test_each_of_a_persons_leads_shows_the_others_and_their_history(signed_in, add, app):
    client = signed_in("sales")
    first, second, third, stranger = add(
        contact("Mina Lee", at=T0, email="mina@harbor.io"),
        quote("Mina Lee", at=T0 + timedelta(days=1), email="  MINA@Harbor.io"),
        contact("Mina L", at=T0 + timedelta(days=2), email="Mina@harbor.io", form="caseStudiesContact"),
        contact("Mina Other", at=T0 + timedelta(hours=1), email="mina@elsewhere.io"),
    )
    with app.app_context():
        author = db.session.scalars(db.select(StaffUser.id)).one()
        db.session.add_all(
            [
                LeadNote(lead_id=first, author_id=author, body="Rang her.", created_at=T0 + HOUR * 2),
                LeadNote(lead_id=stranger, author_id=author, body="Not her.", created_at=T0 + HOUR * 3),
                LeadMessage(
                    lead_id=second,
                    direction="out",
                    author_id=author,
                    created_at=T0 + timedelta(days=1, hours=1),
                    to_address="mina@harbor.io",
                    subject="Your quote request to Tidewell Digital",
                    body="Our quote follows.",
                    message_id="<reply.test@tidewell.example>",
                ),
                LeadMessage(
                    lead_id=second,
                    direction="in",
                    created_at=T0 + timedelta(days=1, hours=2),
                    to_address="sales@tidewell.example",
                    from_address="mina@harbor.io",
                    subject="Re: Your quote request to Tidewell Digital",
                    body="Thank you.",
                    message_id="<answer.test@harbor.io>",
                ),
            ]
        )
        db.session.commit()

    seen_from_third = client.get(LEAD.format(third)).json["person"]
    seen_from_first = client.get(LEAD.format(first)).json["person"]

    assert [lead["id"] for lead in seen_from_third["leads"]] == [first, second]
    assert seen_from_third["leads"][1]["form_title"] == "Get Custom Quote"
    assert [(event["kind"], event["lead_id"], event["text"]) for event in seen_from_third["history"]] == [
        ("lead", first, None),
        ("note", first, "Rang her."),
        ("lead", second, None),
        ("reply", second, "Our quote follows."),
        ("answer", second, "Thank you."),
    ]
    assert seen_from_third["history"][1]["author"] == {"id": author, "name": "A sales"}
    # From the first lead, its own note is on its page already: the others' history alone.
    assert [lead["id"] for lead in seen_from_first["leads"]] == [second, third]
    assert [event["kind"] for event in seen_from_first["history"]] == ["lead", "reply", "answer", "lead"]
    assert seen_from_first["lead_count"] == 2
    assert client.get(LEAD.format(stranger)).json["person"] == {
        "addresses": ["mina@elsewhere.io"],
        "merges": [],
        "lead_count": 0,
        "leads": [],
        "history": [],
    }


def test_a_persons_history_is_their_latest_events_of_every_kind(signed_in, add, app, monkeypatch):
    monkeypatch.setattr(person, "HISTORY_KEPT", 4)
    client = signed_in("sales")
    first, second, third = add(
        *(contact("Mina Lee", at=T0 + n * HOUR, email="mina@harbor.io") for n in range(3))
    )
    with app.app_context():
        author = db.session.scalars(db.select(StaffUser.id)).one()
        for n, lead_id in enumerate((first, second) * 3):
            at = T0 + HOUR * (3 + n)
            db.session.add(LeadNote(lead_id=lead_id, author_id=author, body=f"Note {n}", created_at=at))
            db.session.add(
                LeadMessage(
                    lead_id=lead_id,
                    direction="out",
                    author_id=author,
                    created_at=at + timedelta(minutes=30),
                    to_address="mina@harbor.io",
                    subject="Your message",
                    body=f"Reply {n}",
                    message_id=f"<reply.{n}@tidewell.example>",
                )
            )
        db.session.commit()

    history = client.get(LEAD.format(third)).json["person"]["history"]

    assert [event["text"] for event in history] == ["Note 4", "Reply 4", "Note 5", "Reply 5"]


def test_a_person_who_wrote_many_times_shows_their_latest_leads_and_how_many(signed_in, add, monkeypatch):
    monkeypatch.setattr(person, "HISTORY_KEPT", 4)
    monkeypatch.setattr(person, "LEADS_SHOWN", 2)
    client = signed_in("sales")
    *others, newest = add(*(contact("Mina Lee", at=T0 + n * HOUR, email="mina@harbor.io") for n in range(7)))

    seen = client.get(LEAD.format(newest)).json["person"]
    seen_from_first = client.get(LEAD.format(others[0])).json["person"]

    assert seen["lead_count"] == 6
    assert [lead["id"] for lead in seen["leads"]] == others[-2:]
    assert [event["lead_id"] for event in seen["history"]] == others[-4:]
    assert seen_from_first["lead_count"] == 6
    assert [lead["id"] for lead in seen_from_first["leads"]] == [others[-1], newest]


def _rows(page) -> list[tuple[int, int | None]]:
    return [(lead["id"], lead.get("person_leads")) for lead in page["leads"]]


def test_the_list_shows_one_row_per_person_with_the_count_of_their_leads(signed_in, add, app):
    client = signed_in("sales")
    first, second, third, other, spam = add(
        contact("Mina Lee", at=T0, email="mina@harbor.io", status="won"),
        quote("Mina Lee", at=T0 + HOUR, email="MINA@Harbor.io"),
        contact("Mina L", at=T0 + HOUR * 3, email="mina@harbor.io", status="won"),
        contact("Bo Other", at=T0 + HOUR * 2, email="bo@elsewhere.io"),
        contact("Mina Spam", at=T0 + HOUR * 4, email="mina@harbor.io", spam=True),
    )

    people = client.get("/api/inbox/leads?by=person").json
    won = client.get("/api/inbox/leads?by=person&status=won").json
    quotes = client.get("/api/inbox/leads?by=person&form=quote").json

    # Spam is not listed, so Mina's newest listed lead is the third; all four of hers are counted.
    assert _rows(people) == [(third, 4), (other, 1)]
    # The tabs count the leads, not the people.
    assert people["counts"]["contact"] == 3
    # The filters choose what is listed; each person's newest listed lead is their row.
    assert _rows(won) == [(third, 4)]
    assert _rows(quotes) == [(second, 4)]
    every = client.get("/api/inbox/leads").json
    assert [lead["id"] for lead in every["leads"]] == [third, other, second, first]
    assert "person_leads" not in every["leads"][0]
    del spam


def test_one_row_per_person_pages_by_person(app, add):
    first, second, third = add(
        contact("Ann A", at=T0, email="ann@a.example"),
        contact("Bo B", at=T0 + HOUR, email="bo@b.example"),
        contact("Ann A", at=T0 + HOUR * 2, email="ann@a.example"),
    )
    filters = Filters(people=True)

    with app.app_context():
        one = page.page(filters, size=1)
        two = page.page(filters, Cursor.decode(one["next"]), size=1)

    assert [lead["id"] for lead in one["leads"]] == [third]
    assert [lead["id"] for lead in two["leads"]] == [second]
    assert two["next"] is None
    del first


def test_a_merged_person_is_one_row_counting_the_leads_of_every_address_until_the_merge_is_undone(
    signed_in, add, app
):
    client = signed_in("sales")
    work, home, other, again = add(
        contact("Mina Lee", at=T0, email="mina@work.example"),
        quote("Mina Lee", at=T0 + HOUR, email="MINA@home.example"),
        contact("Bo Other", at=T0 + HOUR * 2, email="bo@elsewhere.example"),
        contact("Mina Lee", at=T0 + HOUR * 3, email="Mina@Work.example"),
    )
    assert _rows(client.get("/api/inbox/leads?by=person").json) == [(again, 2), (other, 1), (home, 1)]

    merged = client.post(LEAD.format(work) + "/person/merge", json={"lead_id": home})
    assert merged.status_code == 200, merged.json

    # One row, her newest lead at either address, counting the leads of both; from the address
    # merged into her (the quote's) as from her own.
    assert _rows(client.get("/api/inbox/leads?by=person").json) == [(again, 3), (other, 1)]
    assert _rows(client.get("/api/inbox/leads?by=person&form=quote").json) == [(home, 3)]
    with app.app_context():
        one = page.page(Filters(people=True), size=1)
        two = page.page(Filters(people=True), Cursor.decode(one["next"]), size=1)
    assert [lead["id"] for lead in one["leads"] + two["leads"]] == [again, other]
    assert two["next"] is None

    undone = client.post(f"/api/inbox/person-merges/{merged.json['merges'][0]['id']}/undo")
    assert undone.status_code == 200, undone.json
    assert _rows(client.get("/api/inbox/leads?by=person").json) == [(again, 2), (other, 1), (home, 1)]


def test_the_filters_choose_a_merged_persons_newest_listed_lead_at_any_of_their_addresses(signed_in, add):
    client = signed_in("sales")
    work, home, spam, other = add(
        contact("Mina Lee", at=T0, email="mina@work.example", status="won"),
        quote("Mina Lee", at=T0 + HOUR, email="mina@home.example"),
        contact("Mina Spam", at=T0 + HOUR * 3, email="mina@home.example", spam=True),
        contact("Bo Other", at=T0 + HOUR * 2, email="bo@elsewhere.example"),
    )
    assert client.post(LEAD.format(home) + "/person/merge", json={"lead_id": work}).status_code == 200

    def listed(query=""):
        return _rows(client.get(f"/api/inbox/leads?by=person{query}").json)

    # Spam hidden, her newest listed lead is the quote; her spam counts among her leads all the same.
    assert listed() == [(other, 1), (home, 3)]
    assert listed("&spam=only") == [(spam, 3)]
    assert listed("&spam=include") == [(spam, 3), (other, 1)]
    # Her newest contact message, and her won lead, are at the address merged into her.
    assert listed("&form=contact") == [(other, 1), (work, 3)]
    assert listed("&status=won") == [(work, 3)]


def test_one_row_per_person_is_not_for_a_search(signed_in):
    answer = signed_in("sales").get("/api/inbox/leads?by=person&q=mina")

    assert answer.status_code == 400
    assert answer.json["errors"]["by"] == [
        "A search lists each lead it finds: one row per person is for the list."
    ]
