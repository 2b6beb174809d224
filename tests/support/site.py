"""What the browser tests expect of every route, derived from the content and the product's rules."""

import json
from dataclasses import dataclass

from lead_service import content

SITE = content.load("site")
NAME = SITE["name"]


def hydrated(selector: str) -> str:
    """A JavaScript function, true once React owns the element `selector` picks, so that its
    handlers are live: React marks each element it hydrates with a `__reactFiber$...` key."""
    return (
        f"() => {{ const el = document.querySelector({json.dumps(selector)});"
        " return !!el && Object.keys(el).some((key) => key.startsWith('__reactFiber')); }"
    )


@dataclass(frozen=True)
class Route:
    path: str
    title: str  # without the " - name" suffix
    heading: str  # the page's one <h1>

    @property
    def document_title(self) -> str:
        return NAME if self.path == "/" else f"{self.title} - {NAME}"


def routes() -> list[Route]:
    ai, services, edutech = content.load("ai-solutions"), content.load("services"), content.load("edutech")
    cases, blog, team = content.load("case-studies"), content.load("blog"), content.load("team")
    return [
        Route("/", NAME, content.load("home")["hero"]["headline"]),
        Route("/ai-solutions", "AI Solutions", ai["page"]["heading"]),
        *(Route(f"/ai-solutions/{s['id']}", "AI Solution Details", s["title"]) for s in ai["solutions"]),
        Route("/edutech", "EduTech", edutech["page"]["heading"]),
        *(Route(f"/edutech/{s['id']}", "EduTech Details", s["title"]) for s in edutech["services"]),
        Route("/services", "Our Services", services["page"]["heading"]),
        *(Route(f"/services/{s['id']}", "Service Details", s["title"]) for s in services["services"]),
        Route("/pricing", "Pricing", "Pricing"),
        Route("/case-studies", "Case Studies", cases["page"]["heading"]),
        *(
            Route(f"/case-studies/{c['id']}", "Case Study Details", f"{c['title']} Case Study")
            for c in cases["caseStudies"]
        ),
        Route("/blog", "Blog", blog["page"]["heading"]),
        *(Route(f"/blog/{p['id']}", "Blog Post", p["title"]) for p in blog["posts"]),
        Route("/about", "About Us", "About Us"),
        Route("/team", "Our Team", team["page"]["heading"]),
        Route("/company", "Company", content.load("company")["heading"]),
        Route("/request-demo", "Request a Demo", SITE["scheduling"]["heading"]),
        Route("/privacy-policy", "Cookie Policy", content.load("cookie-policy")["heading"]),
    ]


# Each detail section's own not-found message (docs/product-rules.md#not-found-screens).
NOT_FOUND = {
    "/ai-solutions": "Service Not Found",
    "/edutech": "Service Not Found",
    "/services": "Service WWWNot Found",
    "/case-studies": "Case Study Not Found",
    "/blog": "Blog post not found.",
}


def every_page() -> list[str]:
    """Every route, each detail section's not-found screen and the site's own not-found page."""
    return [route.path for route in routes()] + [f"{base}/999" for base in NOT_FOUND] + ["/nowhere"]


def visit(page, path: str):
    """Go to `path` and wait until React has hydrated the header and run the layout's effects, so
    clicks and hovers land on live handlers rather than on the server HTML. The page view is the
    sign of the effects: the analytics click listener is attached in the effect before it."""
    response = page.goto(path)
    page.wait_for_function(hydrated("header button, header a"))
    page.wait_for_function("() => (window.dataLayer || []).some((entry) => entry?.event === 'page_view')")
    return response


def scroll_to(locator) -> None:
    """Scroll `locator` into view as a visitor would, and wait until the browser has laid it out: a
    section far below the screen is laid out only as it nears it (content-visibility in globals.css),
    and until then its text has no rendering (innerText reads empty)."""
    locator.scroll_into_view_if_needed()
    locator.page.wait_for_function(
        "el => el.checkVisibility({ contentVisibilityAuto: true })", arg=locator.element_handle()
    )
