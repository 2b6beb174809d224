"""GET /api/download/profile: an attachment with ETag, conditional GET and byte ranges."""

import io

from pypdf import PdfReader

PATH = "/api/download/profile"


def test_profile_is_a_pdf_attachment_named_after_the_company(client, profile_pdf):
    response = client.get(PATH)

    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert (
        response.headers["Content-Disposition"] == "attachment; filename=Tidewell-Digital-Company-Profile.pdf"
    )
    assert response.headers["Accept-Ranges"] == "bytes"
    assert response.headers["ETag"]
    assert int(response.headers["Content-Length"]) == profile_pdf.stat().st_size
    assert response.data.startswith(b"%PDF-")
    assert len(PdfReader(io.BytesIO(response.data)).pages) >= 2


def test_matching_etag_answers_304(client):
    etag = client.get(PATH).headers["ETag"]

    response = client.get(PATH, headers={"If-None-Match": etag})

    assert response.status_code == 304
    assert response.data == b""


def test_other_etag_answers_200(client):
    assert client.get(PATH, headers={"If-None-Match": '"stale"'}).status_code == 200


def test_range_answers_206_with_those_bytes(client, profile_pdf):
    size = profile_pdf.stat().st_size

    response = client.get(PATH, headers={"Range": "bytes=0-99"})

    assert response.status_code == 206
    assert response.headers["Content-Range"] == f"bytes 0-99/{size}"
    assert response.data == profile_pdf.read_bytes()[:100]


def test_unsatisfiable_range_answers_416(client, profile_pdf):
    response = client.get(PATH, headers={"Range": f"bytes={profile_pdf.stat().st_size + 10}-"})

    assert response.status_code == 416
    assert response.is_json


def test_head_has_the_headers_and_no_body(client):
    response = client.head(PATH)

    assert response.status_code == 200
    assert response.headers["ETag"] and response.data == b""


def test_missing_pdf_answers_503_json(app, client, tmp_path, monkeypatch):
    monkeypatch.setitem(app.config, "PROFILE_PDF_PATH", str(tmp_path / "absent.pdf"))

    response = client.get(PATH)

    assert response.status_code == 503
    assert response.json["code"] == 503
    assert response.headers["Retry-After"]


def test_etag_follows_the_bytes_not_the_file_time(client, profile_pdf):
    before = client.get(PATH).headers["ETag"]
    profile_pdf.touch()  # a rebuild of the same content on another replica

    assert client.get(PATH).headers["ETag"] == before


def test_if_range_resumes_with_the_current_etag_only(client):
    etag = client.get(PATH).headers["ETag"]

    assert client.get(PATH, headers={"Range": "bytes=5-", "If-Range": etag}).status_code == 206
    assert client.get(PATH, headers={"Range": "bytes=5-", "If-Range": '"old"'}).status_code == 200
