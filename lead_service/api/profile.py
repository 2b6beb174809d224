"""GET /api/download/profile: the company-profile PDF, built ahead of time by
`lead-service profile build`, streamed with ETag, conditional GET and byte ranges."""

import hashlib
import re
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, abort, current_app, send_file

from .. import content

bp = Blueprint("profile", __name__, url_prefix="/api")


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


@bp.get("/download/profile")
def download_profile():
    """The company-profile PDF, as an attachment; conditional and range requests work.
    ---
    get:
      responses:
        200:
          description: The PDF.
          content:
            application/pdf: {}
        206:
          description: The requested byte range.
          content:
            application/pdf: {}
        304:
          description: Unchanged since the ETag the client holds.
        416:
          description: The range is outside the file.
          content:
            application/json:
              schema: HttpError
        503:
          description: The PDF is not built on this server.
          content:
            application/json:
              schema: HttpError
    """
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
