"""Pages ask for their scripts once their first contentful paint is on screen, and still hydrate
(web/scripts/scripts-after-paint.mjs)."""

import re

import requests

from .site import every_page, visit

ASYNC_CHUNK = re.compile(r'<script src="/_next/static/[^"]+\.js" async="">')
DECLARED = re.compile(r'<script type="text/x-after-paint" data-src="(/_next/static/[^"]+\.js)">')
# Each chunk request's start, the first contentful paint's time, and the chunks' script elements.
TIMELINE = """() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    chunks: performance.getEntriesByType('resource')
        .filter((entry) => /\\/_next\\/static\\/chunks\\/.+\\.js$/.test(entry.name))
        .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
    elements: [...document.querySelectorAll('script[src*="/_next/static/chunks/"]')]
        .filter((script) => !script.noModule)
        .map((script) => script.getAttribute('src')),
})"""


def test_every_page_declares_its_scripts_for_after_the_paint(web_url):
    for path in every_page():
        html = requests.get(f"{web_url}{path}", timeout=30).text

        assert not ASYNC_CHUNK.search(html), path
        declared = DECLARED.findall(html)
        assert len(declared) >= 5 and len(set(declared)) == len(declared), path
        # Declared in <head>, so the loader finds every one whenever the paint comes.
        assert html.index("</head>") > html.rindex('type="text/x-after-paint"'), path


def test_scripts_are_requested_after_the_first_contentful_paint_and_hydrate(page):
    visit(page, "/")
    page.wait_for_load_state("load")
    timeline = page.evaluate(TIMELINE)
    declared = DECLARED.findall(page.content())

    assert timeline["fcp"] is not None
    requested = [chunk["url"] for chunk in timeline["chunks"]]
    assert sorted(url for url in requested if url in declared) == sorted(declared)
    assert [chunk for chunk in timeline["chunks"] if chunk["start"] < timeline["fcp"]] == []
    # One script element per chunk: the bundler's runtime found the loader's and added none.
    assert sorted(timeline["elements"]) == sorted(set(timeline["elements"]))


def test_a_hidden_page_loads_its_scripts_at_once(page):
    # A tab opened in the background paints nothing until it is shown; it must not wait for that.
    page.add_init_script("Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' })")
    page.goto("/team")
    page.wait_for_load_state("load")
    timeline = page.evaluate(TIMELINE)

    painted = timeline["fcp"] or float("inf")
    assert timeline["chunks"] and all(chunk["start"] < painted for chunk in timeline["chunks"])
