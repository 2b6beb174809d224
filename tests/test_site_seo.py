"""What search engines and social networks read: sitemap, robots, canonical URL, Open Graph,
structured data, and a font that is served by the site itself."""

import json
import re

import requests

from .site import SITE, routes


def test_sitemap_lists_every_route(web_url):
    body = requests.get(f"{web_url}/sitemap.xml", timeout=10).text
    listed = set(re.findall(r"<loc>([^<]+)</loc>", body))

    assert {SITE["url"] + (route.path if route.path != "/" else "") for route in routes()} == listed


def test_robots_allows_the_site_and_names_the_sitemap(web_url):
    body = requests.get(f"{web_url}/robots.txt", timeout=10).text

    assert "Allow: /" in body and "Disallow: /api/" in body
    assert f"Sitemap: {SITE['url']}/sitemap.xml" in body


def test_page_has_canonical_open_graph_and_organization_data(web_url):
    html = requests.get(f"{web_url}/case-studies/3", timeout=10).text

    assert f'<link rel="canonical" href="{SITE["url"]}/case-studies/3"/>' in html
    assert f'<meta property="og:title" content="Case Study Details - {SITE["name"]}"/>' in html
    assert '<meta property="og:image"' in html
    data = re.search(r'<script type="application/ld\+json">(.+?)</script>', html).group(1)
    assert json.loads(data)["name"] == SITE["name"]


def test_open_graph_image_is_a_png(web_url):
    response = requests.get(f"{web_url}/opengraph-image", timeout=30)

    assert response.status_code == 200
    assert response.content.startswith(b"\x89PNG")


def test_font_is_self_hosted(page):
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto("/")
    page.wait_for_load_state("networkidle")

    fonts = [url for url in requested if url.endswith(".woff2")]
    assert fonts and all(url.startswith(page.url.rstrip("/")) for url in fonts)
    body_family, loaded = page.evaluate("""async () => {
        await document.fonts.ready;
        const unquote = (name) => name.replace(/["']/g, "").trim();
        const family = unquote(getComputedStyle(document.body).fontFamily.split(",")[0]);
        const loaded = [...document.fonts].filter((font) => font.status === "loaded");
        return [family, loaded.map((font) => unquote(font.family))];
    }""")
    assert body_family in loaded
    assert not [url for url in requested if "fonts.googleapis" in url or "fonts.gstatic" in url]
