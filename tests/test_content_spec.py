"""The site content holds the product's fixed facts, written out here: counts, ids, verbatim titles
and constants; and every image on disk, every icon in simple-icons, no text written twice, full
blog articles."""

import re
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import pytest

from lead_service import content
from lead_service.cli.content_summary import summary

ROOT = Path(__file__).resolve().parent.parent
PUBLIC = ROOT / "web" / "public"
SIMPLE_ICONS = ROOT / "web" / "node_modules" / "simple-icons" / "icons"
FILES = sorted(
    p.stem for p in content.DEFAULT_CONTENT_DIR.glob("*.json") if not p.name.endswith(".schema.json")
)

FIXED_FACTS = {
    "site": {
        "menu": ["AI", "Edutech", "Services", "Case Studies", "Company", "Blog"],
        "submenus": ["ai-solutions", "edutech", "services"],
        "offices": ["Kuala Lumpur", "Dhaka"],
        "social": 4,
        "scheduling height": 700,
    },
    "home": {
        "phrases": ["AI-Driven Software", "Web Development", "Mobile App Development"],
        "dream team points": [
            "No monthly salary", "Fixed amount", "Project-base contract", "24/7 dedicated", "Live support",
        ],
        "stats": ["200+ Clients", "350+ Profiles", "200+ Employees", "3+ Physical Offices"],
        "project categories": ["B2B", "Others", "Others", "B2C"],
        "project links": ["/case-studies/1", "/case-studies/2", "/case-studies/3", "/case-studies/4"],
        "core services": [
            ("Software Development", "/services/7"),
            ("Web Development", "/services/8"),
            ("Mobile App Development", "/services/9"),
            ("UI/UX Design", "/services/10"),
            ("AI Driven Solutions", "/ai-solutions"),
            ("SaaS Product Development", "/services/12"),
        ],
        "certifications": 6,
        "testimonials": 4,
        "support claims": ["4+", "< 2 min"],
        "cta": "Ready to Start Your Project",
    },
    "ai-solutions": {
        "heading": "Innovating with AI-Driven Solutions",
        "solutions": [
            (1, "AI-Powered Chatbots"),
            (2, "AI Fraud Detection"),
            (3, "AI Medical Diagnosis"),
            (4, "AI Recommendation Engine"),
            (5, "CRM Dashboard with AI"),
            (6, "E-commerce AI Solutions"),
        ],
        "process steps": {4},
    },
    "services": {
        "heading": "Software Development Services",
        "services": [
            (7, "Software Development"),
            (8, "Web Development"),
            (9, "Mobile App Development"),
            (10, "UI/UX Design"),
            (11, "Full Cycle Product Development"),
            (12, "SaaS Product Development"),
        ],
        "categories": {"Software Development"},
    },
    "edutech": {
        "heading": "Revolutionizing Education with Technology",
        "services": [
            (1, "Custom LMS"),
            (2, "Live Video Trainings"),
            (3, "AI Integration"),
            (4, "Custom eLearning"),
            (5, "Mobile Learning"),
            (6, "Microlearning"),
        ],
        "process steps": {4},
    },
    "case-studies": {
        "ids": list(range(1, 13)),
        "filters": ["All", "Web App Development", "AI-Driven", "Mobile App Development"],
        "client reviews": {(1, 5)},
    },
    "blog": {
        "posts": 9,
        "categories": [
            "Trends Technology",
            "Web Design & Development",
            "Mobile App Development",
            "AI-Driven",
            "Digital Marketing",
        ],
    },
    "team": {
        "heading": "Meet Our Team",
        "rows": {"advisors": 3, "leadership": 3, "experts": 4},
        "leadership": ["Chief Executive Officer", "Head of Marketing", "Business Development Manager"],
    },
    "company": {
        "stats": ["150+ Satisfied Clients", "250+ Projects Delivered", "75+ Experts"],
        "revenue growth": "90%",
        "tech stack groups": 6,
    },
}  # fmt: skip
# The twelve case studies, in id order, by a word each title must contain.
CASE_SUBJECTS = [
    "pharmacy", "certificate", "university", "headless", "recommendation", "food",
    "crm", "fraud", "ride", "chatbot", "diagnosis", "banking",
]  # fmt: skip


@pytest.fixture(scope="module")
def summarised():
    return summary()


@pytest.mark.parametrize("name", sorted(FIXED_FACTS))
def test_summary_holds_the_fixed_facts(summarised, name):
    assert {key: summarised[name][key] for key in FIXED_FACTS[name]} == FIXED_FACTS[name]


def test_twelve_case_studies_in_their_order(summarised):
    titles = [case["title"].lower() for case in content.load("case-studies")["caseStudies"]]
    assert [subject in title for subject, title in zip(CASE_SUBJECTS, titles, strict=True)] == [True] * 12
    assert summarised["case-studies"]["result metrics"] <= {3, 5}
    assert set(summarised["case-studies"]["per category"]) == {
        "Web App Development",
        "AI-Driven",
        "Mobile App Development",
    }


def test_blog_uses_every_category(summarised):
    categories = {post["category"] for post in content.load("blog")["posts"]}
    assert categories == set(FIXED_FACTS["blog"]["categories"])


def test_company_tech_stack_has_entries_without_icons(summarised):
    assert summarised["company"]["technologies without icon"] >= 1


def test_cookie_policy_durations(summarised):
    assert {"1 month", "6 months", "13 months", "30 minutes"} <= set(summarised["cookie-policy"]["durations"])


def test_edutech_faq_claims():
    faqs = {s["title"]: " ".join(f["answer"] for f in s["faq"]) for s in content.load("edutech")["services"]}
    assert re.search(r"3(-|–| to )4 months", faqs["Custom LMS"])
    assert re.search(r"1,?000 concurrent", faqs["Live Video Trainings"])


def test_team_rows_are_in_page_order_and_some_links_are_placeholders():
    members = content.load("team")["members"]
    assert [m["row"] for m in members] == ["advisors"] * 3 + ["leadership"] * 3 + ["experts"] * 4
    assert any(m["linkedin"] == "#" for m in members)
    assert {m["icon"] for m in members} == {"email", "github"}
    for member in members:
        assert member["github"].startswith("mailto:" if member["icon"] == "email" else "https://")


def _walk(node, path=()):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _walk(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(value, (*path, index))
    else:
        yield path, node


def _all_values():
    for name in FILES:
        for path, value in _walk(content.load(name)):
            yield name, path, value


def test_every_named_image_exists_and_is_a_clean_svg():
    images = {
        value for _, _, value in _all_values() if isinstance(value, str) and value.startswith("/images/")
    }
    missing = sorted(image for image in images if not (PUBLIC / image.lstrip("/")).is_file())
    assert missing == []
    for image in sorted(images):
        file = PUBLIC / image.lstrip("/")
        assert file.stat().st_size < 60_000, image
        if file.suffix == ".svg":
            svg = ElementTree.parse(file).getroot()
            assert svg.tag == "{http://www.w3.org/2000/svg}svg" and svg.get("viewBox"), image
            text = file.read_text()
            assert "<script" not in text and not re.search(r'href="(https?:|//)', text), image


def test_every_technology_icon_is_in_simple_icons():
    slugs = {
        value
        for _, path, value in _all_values()
        if path and path[-1] == "icon" and "technologies" in path and value is not None
    }
    assert slugs, "no technology icons found"
    assert sorted(slug for slug in slugs if not (SIMPLE_ICONS / f"{slug}.svg").is_file()) == []


def test_ids_are_unique_and_in_order_in_every_list():
    for name, path, value in _all_values():
        if path and path[-1] == "id" and isinstance(value, int):
            siblings = content.load(name)
            for key in path[:-2]:
                siblings = siblings[key]
            ids = [item["id"] for item in siblings]
            assert ids == sorted(set(ids)), f"{name}: {path[:-2]}"


def test_comparison_rows_have_one_cell_per_header():
    for case in content.load("case-studies")["caseStudies"]:
        table = case["competitiveComparison"]
        assert {len(row) for row in table["rows"]} == {len(table["headers"])}, case["title"]


def test_no_text_is_written_twice():
    seen = defaultdict(list)
    for name, path, value in _all_values():
        if isinstance(value, str) and len(value) >= 40 and not value.startswith(("/", "http", "mailto:")):
            seen[value].append(f"{name}:{'/'.join(map(str, path))}")
    assert {text: places for text, places in seen.items() if len(places) > 1} == {}


class _Article(HTMLParser):
    ALLOWED = frozenset({"h2", "h3", "p", "ul", "ol", "li", "blockquote", "strong", "em", "a"})

    def __init__(self):
        super().__init__()
        self.tags, self.words, self.bad = set(), 0, []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        if (
            tag not in self.ALLOWED
            or any(key != "href" for key, _ in attrs if tag == "a")
            or (tag != "a" and attrs)
        ):
            self.bad.append(tag)
        for key, value in attrs:
            if key == "href" and not re.match(
                r"^(/[a-z0-9/-]*|https://[a-z0-9.-]+\.example(/.*)?)$", value or ""
            ):
                self.bad.append(value)

    def handle_data(self, data):
        self.words += len(data.split())


@pytest.mark.parametrize("post", content.load("blog")["posts"], ids=lambda post: f"post-{post['id']}")
def test_every_blog_post_is_a_full_safe_article(post):
    article = _Article()
    article.feed(post["content"])

    assert article.words >= 400
    assert {"h2", "p"} <= article.tags
    assert article.bad == []
