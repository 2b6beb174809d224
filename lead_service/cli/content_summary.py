"""A short summary of every content file (titles, ids, counts), read through the loader:
what `lead-service content summary` prints and what the content tests compare with the
product's own figures."""

from collections import Counter
from typing import Any

from .. import content


def _titles(items: list[dict[str, Any]]) -> list[tuple[int, str]]:
    return [(item["id"], item["title"]) for item in items]


def summary() -> dict[str, Any]:
    site, home, company = content.load("site"), content.load("home"), content.load("company")
    cases, blog, team = content.load("case-studies"), content.load("blog"), content.load("team")
    cookies = content.load("cookie-policy")
    return {
        "site": {
            "name": site["name"],
            "menu": [item["label"] for item in site["header"]["menu"]],
            "submenus": [item["submenu"]["source"] for item in site["header"]["menu"] if "submenu" in item],
            "offices": [office["city"] for office in site["offices"]],
            "social": len(site["social"]),
            "scheduling height": site["scheduling"]["height"],
        },
        "home": {
            "phrases": home["hero"]["phrases"],
            "dream team points": home["dreamTeam"]["points"],
            "stats": [f"{stat['value']} {stat['label']}" for stat in home["stats"]],
            "project categories": [project["category"] for project in home["projects"]["items"]],
            "project links": [project["caseStudyLink"] for project in home["projects"]["items"]],
            "core services": [(card["title"], card["target"]) for card in home["coreServices"]["cards"]],
            "certifications": len(home["certifications"]["items"]),
            "testimonials": len(home["testimonials"]["items"]),
            "support claims": [claim["value"] for claim in home["support"]["claims"]],
            "cta": home["cta"]["heading"],
        },
        "ai-solutions": {
            "heading": content.load("ai-solutions")["page"]["heading"],
            "solutions": _titles(content.load("ai-solutions")["solutions"]),
            "process steps": {len(s["process"]) for s in content.load("ai-solutions")["solutions"]},
        },
        "services": {
            "heading": content.load("services")["page"]["heading"],
            "services": _titles(content.load("services")["services"]),
            "categories": {s["category"] for s in content.load("services")["services"]},
        },
        "edutech": {
            "heading": content.load("edutech")["page"]["heading"],
            "services": _titles(content.load("edutech")["services"]),
            "process steps": {len(s["process"]) for s in content.load("edutech")["services"]},
        },
        "case-studies": {
            "ids": [case["id"] for case in cases["caseStudies"]],
            "filters": ["All", *cases["categories"]],
            "per category": dict(Counter(case["category"] for case in cases["caseStudies"])),
            "result metrics": {len(case["results"]["metrics"]) for case in cases["caseStudies"]},
            "client reviews": {
                (len(case["clients"]), case["clients"][0]["stars"]) for case in cases["caseStudies"]
            },
        },
        "blog": {
            "posts": len(blog["posts"]),
            "categories": blog["categories"],
            "featured": blog["posts"][0]["title"],
            "trending": [post["title"] for post in blog["posts"][1:4]],
            "latest": [post["title"] for post in blog["posts"][4:10]],
        },
        "team": {
            "heading": team["page"]["heading"],
            "rows": dict(Counter(member["row"] for member in team["members"])),
            "leadership": [m["role"] for m in team["members"] if m["row"] == "leadership"],
        },
        "company": {
            "stats": [f"{stat['value']} {stat['label']}" for stat in company["stats"]],
            "revenue growth": company["revenueGrowth"]["value"],
            "tech stack groups": len(company["techStack"]),
            "technologies without icon": sum(
                t["icon"] is None for g in company["techStack"] for t in g["technologies"]
            ),
        },
        "cookie-policy": {
            "heading": cookies["heading"],
            "durations": sorted(
                {c["duration"] for s in cookies["sections"] if "table" in s for c in s["table"]["cookies"]}
            ),
        },
    }
