"""What a production build sends for each route before any interaction: the JavaScript and CSS
its HTML loads (scripts, script preloads, stylesheets, linked or inlined) and the HTML itself, each
gzip -9 compressed as a stand-in for the wire."""

import gzip
import json
import re
from functools import cache
from pathlib import Path

SCRIPT = re.compile(r'<script(?![^>]*nomodule)[^>]*\ssrc="/_next/(static/[^"]+\.js)"', re.I)
PRELOADED_SCRIPT = re.compile(r'<link(?=[^>]*\sas="script")[^>]*\shref="/_next/(static/[^"]+\.js)"', re.I)
STYLESHEET = re.compile(r'<link(?=[^>]*\srel="stylesheet")[^>]*\shref="/_next/(static/[^"]+\.css)"', re.I)
# An inlined stylesheet names its file in data-href.
INLINED = re.compile(r'<style(?=[^>]*\sdata-href="/_next/(static/[^"]+\.css)")[^>]*>', re.I)


@cache
def _gzipped(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 9))


def html_file(build: Path, route: str) -> Path:
    """The prerendered HTML of a route; a URL no route matches gets the not-found page."""
    pages = build / "server" / "app"
    page = pages / ("index.html" if route == "/" else f"{route.strip('/')}.html")
    return page if page.is_file() else pages / "_not-found.html"


def _without(html: str, sheet: str) -> str:
    """The HTML without an inlined stylesheet's two copies: the <style>'s text, and React's payload's
    (a JavaScript string, with what could close its <script> escaped)."""
    payload = json.dumps(sheet, ensure_ascii=False)[1:-1]
    for character, escaped in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e")):
        payload = payload.replace(character, escaped)
    return html.replace(sheet, "").replace(payload, "")


def weigh(build: Path, route: str) -> dict[str, int]:
    """js and css: what the HTML loads or inlines; html: the page as sent; markup: the page without
    the stylesheets it inlines, what its own content weighs."""
    html = html_file(build, route).read_text(encoding="utf-8")
    scripts = set(SCRIPT.findall(html)) | set(PRELOADED_SCRIPT.findall(html))
    inlined = set(INLINED.findall(html))
    markup = html
    for sheet in inlined:
        markup = _without(markup, (build / sheet).read_text(encoding="utf-8"))
    return {
        "js": sum(_gzipped(build / chunk) for chunk in scripts),
        "css": sum(_gzipped(build / sheet) for sheet in set(STYLESHEET.findall(html)) | inlined),
        "html": len(gzip.compress(html.encode(), 9)),
        "markup": len(gzip.compress(markup.encode(), 9)),
    }
