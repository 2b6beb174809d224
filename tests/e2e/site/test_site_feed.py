"""The blog's feed, as feed readers take it: /blog/feed.xml, written at build time, parses as RSS
with every post (its title, absolute link, date, summary and author), and the blog's pages, and
only they, announce it in their heads."""

import re
from datetime import UTC, datetime

import feedparser
import pytest
import requests

from lead_service import content

from ...support.servers import ROOT
from ...support.site import SITE

pytestmark = pytest.mark.e2e

BLOG = content.load("blog")
ALTERNATE = re.compile(r'<link rel="alternate" type="application/rss\+xml" href="([^"]+)" title="([^"]+)"/>')


def test_the_feed_lists_every_post_newest_first_with_what_a_reader_shows(web_url):
    answer = requests.get(f"{web_url}/blog/feed.xml", timeout=10)
    feed = feedparser.parse(answer.content)

    assert answer.status_code == 200
    assert answer.headers["Content-Type"].startswith("application/rss+xml")
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "rss20"
    assert feed.feed.title == f"{SITE['name']} blog"
    assert feed.feed.link == f"{SITE['url']}/blog"
    posts = sorted(BLOG["posts"], key=lambda post: (post["date"], int(post["id"])), reverse=True)
    assert [
        (
            entry.title,
            entry.link,
            entry.summary,
            entry.author,
            datetime(*entry.published_parsed[:3], tzinfo=UTC),
        )
        for entry in feed.entries
    ] == [
        (
            post["title"],
            f"{SITE['url']}/blog/{post['id']}",
            post["excerpt"],
            post["author"],
            datetime.fromisoformat(post["date"]).replace(tzinfo=UTC),
        )
        for post in posts
    ]


def test_it_is_prerendered_at_build_time():
    assert (ROOT / "web/.next/server/app/blog/feed.xml.body").is_file()


@pytest.mark.parametrize("path", ["/blog", f"/blog/{BLOG['posts'][0]['id']}"])
def test_the_blogs_pages_announce_the_feed(web_url, path):
    html = requests.get(f"{web_url}{path}", timeout=10).text

    assert ALTERNATE.findall(html) == [(f"{SITE['url']}/blog/feed.xml", f"{SITE['name']} blog")]


@pytest.mark.parametrize("path", ["/", "/case-studies", "/services/7"])
def test_other_pages_do_not(web_url, path):
    assert not ALTERNATE.findall(requests.get(f"{web_url}{path}", timeout=10).text)
