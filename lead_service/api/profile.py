"""GET /api/download/profile: the company-profile PDF, built ahead of time by
`lead-service profile build`, streamed with ETag, conditional GET and byte ranges."""

import hashlib
import re
from functools import lru_cache
from pathlib import Path

from flask import abort, current_app, send_file

from .. import content
from ..intake import contract

bp = contract.Blueprint("profile", __name__, url_prefix="/api")


def download_name() -> str:
    company = re.sub(r"[^A-Za-z0-9]+", "-", content.load("site")["name"]).strip("-")
    return f"{company}-Company-Profile.pdf"


@lru_cache(maxsize=4)
def _digest(path: Path, _mtime_ns: int, _size: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:32]


def content_etag(path: Path) -> str:
    """An ETag from the bytes, not the file time: every replica that builds the same PDF
    gives the same ETag, so conditional and resumed (If-Range) downloads work across them."""
    stat = path.stat()
    return _digest(path, stat.st_mtime_ns, stat.st_size)


_PDF = {"type": "string", "format": "binary"}


@bp.get("/download/profile")
@bp.response(200, _PDF, description="The PDF.", content_type="application/pdf")
@bp.alt_response(
    206, schema=_PDF, description="The requested byte range.", content_type="application/pdf", success=True
)
@bp.alt_response(304, description="Unchanged since the ETag the client holds.", success=True)
@bp.refuses(416, "The range is outside the file.")
@bp.refuses(503, "The PDF is not built on this server.")
def download_profile():
    """The company-profile PDF, as an attachment; conditional and range requests work."""
    path = Path(current_app.config["PROFILE_PDF_PATH"])
    if not path.is_file():
        current_app.logger.error("profile PDF missing path=%s", path)
        abort(503, description="The company profile is not available right now. Please try again soon.")
    return send_file(
        path,
        mimetype="application/pdf",
        as_attachment=True,
        download_name=download_name(),
        conditional=True,
        etag=content_etag(path),
        max_age=3600,
    )
