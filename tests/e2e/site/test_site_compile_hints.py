"""V8's compile hint (web/scripts/compile-hints.mjs) on exactly the scripts pages load first, as
`next start` serves them."""

import re
from pathlib import Path

import pytest
import requests

from ...support.site import every_page

pytestmark = pytest.mark.e2e

HINT = "//# allFunctionsCalledOnLoad\n"
CHUNKS = Path(__file__).resolve().parents[3] / "web/.next/static/chunks"
SCRIPT = re.compile(r'<script src="(/_next/static/[^"]+\.js)"(?![^>]*noModule)[^>]*>')


def first_load_scripts(web_url: str) -> set[str]:
    scripts = set()
    for path in every_page():
        scripts |= set(SCRIPT.findall(requests.get(f"{web_url}{path}", timeout=30).text))
    return scripts


def test_every_script_a_page_loads_first_starts_with_the_hint(web_url):
    scripts = first_load_scripts(web_url)

    assert len(scripts) >= 5
    served = {src: requests.get(f"{web_url}{src}", timeout=30).text for src in scripts}
    assert [src for src, code in served.items() if not code.startswith(HINT)] == []


def test_scripts_loaded_later_stay_lazily_compiled(web_url):
    first_load = {Path(src).name for src in first_load_scripts(web_url)}
    later = [chunk for chunk in CHUNKS.glob("*.js") if chunk.name not in first_load]

    assert later, "the dialogs and the phone library load in chunks of their own"
    assert [chunk.name for chunk in later if chunk.read_text().startswith(HINT)] == []
