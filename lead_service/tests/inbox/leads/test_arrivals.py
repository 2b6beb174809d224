"""New leads since the list was loaded: counted after the newest lead when it was read, spam left
out, up to 101; every role asks, and it is not on the audit trail."""

import pytest

from ..conftest import contact, quote

ARRIVALS = "/api/inbox/leads/arrivals"


def test_the_leads_after_the_newest_shown_are_counted_without_spam(signed_in, add, audit_trail):
    client = signed_in("viewer")
    [shown] = add(contact())
    # The list says which lead was the newest when it was read.
    assert client.get("/api/inbox/leads").json["newest_id"] == shown
    before = len(audit_trail())

    assert client.get(ARRIVALS, query_string={"after": shown}).json == {"count": 0}
    add(quote(), contact("Bo Contact"), contact("Spam Bot", spam=True))
    assert client.get(ARRIVALS, query_string={"after": shown}).json == {"count": 2}
    assert client.get(ARRIVALS, query_string={"after": 0}).json == {"count": 3}
    assert len(audit_trail()) == before


def test_past_100_the_count_stops_at_101(signed_in, add):
    client = signed_in("viewer")
    add(*(contact(f"Lead N{n}") for n in range(102)))

    assert client.get(ARRIVALS, query_string={"after": 0}).json == {"count": 101}


@pytest.mark.parametrize("after", ["", "x", "-1", str(2**31), "1.5"])
def test_anything_but_a_leads_id_is_a_400(signed_in, after):
    answer = signed_in("viewer").get(ARRIVALS, query_string={"after": after})

    assert answer.status_code == 400
    assert list(answer.json["errors"]) == ["after"]
