"""The site's own origin serves the lead API: `next start` forwards /api/* to the real lead service."""

import requests
from sqlalchemy import text

from lead_service import content

QUOTE = {
    "name": "Farah Iqbal",
    "email": "farah@lumen.example",
    "phone": "+880 1812-345678",
    "project": "An LMS for our nursing college",
    "budget": "5000$ - 10000$ Estimated",
    "country": "Bangladesh",
    "page": "/",
}


def test_home_page_is_server_rendered(web_url):
    response = requests.get(f"{web_url}/", timeout=10)

    assert response.status_code == 200
    assert f"<title>{content.load('site')['name']}</title>" in response.text
    assert content.load("home")["hero"]["headline"] in response.text.split("<h1", 1)[1]


def test_quote_through_the_site_is_stored(web_url, lead_engine):
    response = requests.post(f"{web_url}/api/quote", json=QUOTE, timeout=10)

    assert response.status_code == 201
    lead_id = response.json()["id"]
    assert response.json() == {"id": lead_id, "status": "received"}
    with lead_engine.connect() as connection:
        row = connection.execute(
            text("SELECT name, phone, budget, page FROM quote_requests WHERE id = :id"), {"id": lead_id}
        ).one()
    assert tuple(row) == ("Farah Iqbal", "+8801812345678", "5000$ - 10000$ Estimated", "/")


def test_validation_errors_come_back_unchanged(web_url):
    response = requests.post(f"{web_url}/api/contact", json={"name": "Only a name"}, timeout=10)

    assert response.status_code == 400
    assert response.json()["errors"]["email"] == ["Email is required"]


def test_profile_download_keeps_its_headers_ranges_and_etag(web_url):
    full = requests.get(f"{web_url}/api/download/profile", timeout=10)
    assert full.status_code == 200
    assert full.headers["Content-Type"] == "application/pdf"
    assert full.headers["Content-Disposition"].startswith("attachment; filename=")
    assert full.content.startswith(b"%PDF-")

    partial = requests.get(f"{web_url}/api/download/profile", headers={"Range": "bytes=0-4"}, timeout=10)
    assert partial.status_code == 206 and partial.content == b"%PDF-"

    cached = requests.get(
        f"{web_url}/api/download/profile", headers={"If-None-Match": full.headers["ETag"]}, timeout=10
    )
    assert cached.status_code == 304


def test_unknown_api_path_is_a_json_404(web_url):
    response = requests.get(f"{web_url}/api/nothing-here", timeout=10)

    assert response.status_code == 404
    assert response.json()["code"] == 404


def test_a_stopped_lead_service_is_a_json_503_with_retry_after(web_without_service):
    response = requests.post(f"{web_without_service}/api/quote", json=QUOTE, timeout=30)

    assert response.status_code == 503
    assert response.json()["code"] == 503
    assert int(response.headers["Retry-After"]) > 0


def test_a_body_over_the_limit_stops_at_the_site(web_without_service):
    """413, not the 503 of the service behind: the body was never sent on."""
    response = requests.post(
        f"{web_without_service}/api/contact",
        data=b'{"message": "' + b"x" * 70_000 + b'"}',
        headers={"Content-Type": "application/json"},
        timeout=30,
    )
    assert response.status_code == 413
    assert response.json()["code"] == 413


def test_a_chunked_body_over_the_limit_stops_at_the_site_too(web_without_service):
    chunks = (b"x" * 8192 for _ in range(10))
    response = requests.post(
        f"{web_without_service}/api/contact",
        data=chunks,
        headers={"Content-Type": "application/json"},
        timeout=30,
    )
    assert response.status_code == 413


def test_no_answer_names_the_lead_services_address(web_url, lead_service_url):
    internal = lead_service_url.removeprefix("http://")
    for response in (
        requests.post(f"{web_url}/api/contact", json={}, timeout=10),
        requests.get(f"{web_url}/api/download/profile", headers={"Range": "bytes=0-4"}, timeout=10),
        requests.get(f"{web_url}/api/nothing-here", timeout=10),
    ):
        assert not [
            name for name, value in response.headers.items() if internal in value or "rewrite" in name
        ]
