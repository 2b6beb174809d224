"""What search engines and social networks read: sitemap, robots, canonical URL, Open Graph,
structured data; and the text set in the device's own font, with no font file to fetch."""

import io
import json
import re
from html import unescape as html_unescape
from urllib.parse import urljoin

import pytest
import requests
from PIL import Image

from lead_service import content

from ...support.servers import ROOT
from ...support.site import SITE, Route, routes

pytestmark = pytest.mark.e2e


def test_sitemap_lists_every_route(web_url):
    body = requests.get(f"{web_url}/sitemap.xml", timeout=10).text
    listed = set(re.findall(r"<loc>([^<]+)</loc>", body))

    assert {SITE["url"] + (route.path if route.path != "/" else "") for route in routes()} == listed


def test_robots_allows_the_site_and_names_the_sitemap(web_url):
    body = requests.get(f"{web_url}/robots.txt", timeout=10).text

    assert "Allow: /" in body and "Disallow: /api/" in body
    assert f"Sitemap: {SITE['url']}/sitemap.xml" in body


JSON_LD = re.compile(r'<script type="application/ld\+json">(.+?)</script>')


def _json_ld(html: str) -> list[dict]:
    return [json.loads(data) for data in JSON_LD.findall(html)]


def test_page_has_canonical_url_and_open_graph(web_url):
    html = requests.get(f"{web_url}/case-studies/3", timeout=10).text

    assert f'<link rel="canonical" href="{SITE["url"]}/case-studies/3"/>' in html
    assert f'<meta property="og:title" content="Case Study Details - {SITE["name"]}"/>' in html
    assert '<meta property="og:image"' in html


def _meta(html: str, name: str) -> list[str]:
    """The content of each <meta property=name> (Open Graph's) or <meta name=name> (Twitter's)."""
    return [
        html_unescape(value)
        for value in re.findall(rf'<meta (?:property|name)="{name}" content="([^"]*)"/>', html)
    ]


def _card(web_url: str, html: str) -> bytes:
    """The og:image the page names, as the site serves it: the PNG's bytes, once checked."""
    (url,) = _meta(html, "og:image")
    assert url.startswith(SITE["url"]) and _meta(html, "twitter:image") == [url]
    answer = requests.get(web_url + url.removeprefix(SITE["url"]), timeout=30)
    assert (answer.status_code, answer.headers["content-type"]) == (200, "image/png")
    assert Image.open(io.BytesIO(answer.content)).size == (1200, 630)
    return answer.content


def test_every_detail_page_shares_a_card_of_its_own_drawn_at_build_time(web_url):
    cards = {
        route.path: _card(web_url, requests.get(f"{web_url}{route.path}", timeout=10).text)
        for route in DETAILS
    }
    site_card = requests.get(f"{web_url}/opengraph-image", timeout=30).content

    assert len(set(cards.values())) == len(cards)  # each page's own
    assert site_card not in cards.values()
    for path in cards:
        section, id_ = path.strip("/").split("/")
        assert list((ROOT / "web/.next/server/app" / section / id_).glob("opengraph-image-*.body")), path


@pytest.mark.parametrize("path", ["/", "/blog", "/case-studies", "/services", "/team"])
def test_the_list_pages_and_the_rest_keep_the_site_card(web_url, path):
    html = requests.get(f"{web_url}{path}", timeout=10).text

    assert _meta(html, "og:image") == [f"{SITE['url']}/opengraph-image"]
    assert _meta(html, "og:type") == ["website"]


def test_a_post_is_shared_as_an_article_with_its_date_and_author(web_url):
    post = content.load("blog")["posts"][0]
    html = requests.get(f"{web_url}/blog/{post['id']}", timeout=10).text

    assert _meta(html, "og:type") == ["article"]
    assert _meta(html, "article:published_time") == [post["date"]]
    assert _meta(html, "article:author") == [post["author"]]
    assert _meta(html, "twitter:card") == ["summary_large_image"]


def test_organization_data_is_on_the_home_page_only(web_url):
    # Every byte shared by all pages delays each of them: the data search engines read from the
    # home page is not repeated in the others' HTML.
    (home,) = _json_ld(requests.get(web_url, timeout=10).text)
    assert home["@type"] == "Organization"
    assert (home["name"], home["url"]) == (SITE["name"], SITE["url"])
    assert home["sameAs"] == [link["href"] for link in SITE["social"]]

    assert [
        data["@type"] for data in _json_ld(requests.get(f"{web_url}/case-studies/3", timeout=10).text)
    ] == ["BreadcrumbList"]


def _sections() -> dict[str, Route]:
    """Each section's list route, by its path."""
    return {route.path: route for route in routes() if route.path.count("/") == 1 and route.path != "/"}


DETAILS = [route for route in routes() if route.path.count("/") == 2]
SERVICES = ("/services/", "/ai-solutions/", "/edutech/")


@pytest.mark.parametrize("route", DETAILS, ids=lambda route: route.path)
def test_every_detail_page_says_its_breadcrumbs_home_its_section_and_itself(web_url, route):
    html = requests.get(f"{web_url}{route.path}", timeout=10).text
    (trail,) = [data for data in _json_ld(html) if data["@type"] == "BreadcrumbList"]
    section = _sections()["/" + route.path.split("/")[1]]

    assert [(item["position"], item["name"], item["item"]) for item in trail["itemListElement"]] == [
        (1, "Home", f"{SITE['url']}/"),
        (2, section.title, f"{SITE['url']}{section.path}"),
        (3, route.heading, f"{SITE['url']}{route.path}"),
    ]


@pytest.mark.parametrize(
    "route", [r for r in DETAILS if r.path.startswith(SERVICES)], ids=lambda route: route.path
)
def test_service_solution_and_edutech_pages_describe_their_service(web_url, route):
    html = requests.get(f"{web_url}{route.path}", timeout=10).text
    (service,) = [data for data in _json_ld(html) if data["@type"] == "Service"]

    assert (service["name"], service["url"]) == (route.heading, f"{SITE['url']}{route.path}")
    assert service["provider"] == {"@type": "Organization", "name": SITE["name"], "url": SITE["url"]}
    assert service["description"] and service["serviceType"]


def test_every_page_links_the_icon_set_and_the_manifest(web_url):
    html = requests.get(f"{web_url}/blog", timeout=10).text
    tags = r'<link rel="(icon|apple-touch-icon|manifest)" href="([^"]+)"[^>]*?(?:type="([^"]+)")?/>'
    links = {(rel, kind): href for rel, href, kind in re.findall(tags, html)}

    assert set(links) == {
        ("icon", "image/x-icon"),
        ("icon", "image/svg+xml"),
        ("apple-touch-icon", "image/png"),
        ("manifest", ""),
    }
    favicon = Image.open(io.BytesIO(requests.get(f"{web_url}/favicon.ico", timeout=10).content))
    assert favicon.format == "ICO" and favicon.ico.sizes() == {(16, 16), (32, 32), (48, 48)}
    assert _image(web_url, links[("apple-touch-icon", "image/png")]).size == (180, 180)
    svg = requests.get(urljoin(web_url, links[("icon", "image/svg+xml")]), timeout=10)
    assert svg.text.startswith("<svg")


def test_the_manifest_names_the_site_and_its_icons_are_the_sizes_it_says(web_url):
    manifest = requests.get(f"{web_url}/manifest.webmanifest", timeout=10).json()

    assert manifest["name"] == SITE["name"]
    for icon in manifest["icons"]:
        response = requests.get(urljoin(web_url, icon["src"]), timeout=10)
        assert (response.status_code, response.headers["content-type"]) == (200, icon["type"])
        if icon["sizes"] != "any":
            assert "x".join(map(str, Image.open(io.BytesIO(response.content)).size)) == icon["sizes"]


def _image(web_url: str, href: str) -> Image.Image:
    return Image.open(io.BytesIO(requests.get(urljoin(web_url, href), timeout=10).content))


def test_open_graph_image_is_a_png(web_url):
    response = requests.get(f"{web_url}/opengraph-image", timeout=30)

    assert response.status_code == 200
    assert response.content.startswith(b"\x89PNG")


def test_the_text_is_set_in_the_devices_own_font(page):
    """No font file competes with the page's scripts on a phone's load: the system's sans-serif."""
    requested = []
    page.on("request", lambda request: requested.append(request.resource_type))
    page.goto("/")
    page.wait_for_load_state("networkidle")

    assert "font" not in requested
    assert page.evaluate("() => document.fonts.size") == 0  # no @font-face to fetch one later
    family = page.evaluate("() => getComputedStyle(document.body).fontFamily.split(',')[0].trim()")
    assert family in {"-apple-system", "system-ui", "ui-sans-serif"}
