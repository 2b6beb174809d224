"""The routes `make bench` measures: every page of the site, one id per detail route, and a URL
that does not exist."""

from lead_service import content

NOT_FOUND = "/this-page-does-not-exist"


def routes() -> list[str]:
    first = {
        "ai-solutions": content.load("ai-solutions")["solutions"][0]["id"],
        "edutech": content.load("edutech")["services"][0]["id"],
        "services": content.load("services")["services"][0]["id"],
        "case-studies": content.load("case-studies")["caseStudies"][0]["id"],
        "blog": content.load("blog")["posts"][0]["id"],
    }
    listed = [path for section, id_ in first.items() for path in (f"/{section}", f"/{section}/{id_}")]
    pages = ["/pricing", "/about", "/team", "/company", "/request-demo", "/privacy-policy"]
    return ["/", *listed, *pages, NOT_FOUND]
