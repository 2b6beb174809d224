"""What a production build sends for each route before any interaction: the JavaScript and CSS
its HTML loads (scripts, script preloads, stylesheets)
and the HTML itself, each gzip -9 compressed as a stand-in for the wire."""

import gzip
import re
from functools import cache
from pathlib import Path

SCRIPT = re.compile(r'<script(?![^>]*nomodule)[^>]*\ssrc="/_next/(static/[^"]+\.js)"', re.I)
PRELOADED_SCRIPT = re.compile(r'<link(?=[^>]*\sas="script")[^>]*\shref="/_next/(static/[^"]+\.js)"', re.I)
STYLESHEET = re.compile(r'<link(?=[^>]*\srel="stylesheet")[^>]*\shref="/_next/(static/[^"]+\.css)"', re.I)


@cache
def _gzipped(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 9))


def html_file(build: Path, route: str) -> Path:
    """The prerendered HTML of a route; a URL no route matches gets the not-found page."""
    pages = build / "server" / "app"
    page = pages / ("index.html" if route == "/" else f"{route.strip('/')}.html")
    return page if page.is_file() else pages / "_not-found.html"


def weigh(build: Path, route: str) -> dict[str, int]:
    html = html_file(build, route).read_text(encoding="utf-8")
    scripts = set(SCRIPT.findall(html)) | set(PRELOADED_SCRIPT.findall(html))
    styles = set(STYLESHEET.findall(html))
    return {
        "js": sum(_gzipped(build / chunk) for chunk in scripts),
        "css": sum(_gzipped(build / sheet) for sheet in styles),
        "html": len(gzip.compress(html.encode(), 9)),
    }
