"""Each request counted and timed by its route; each try at a lead counted as accepted or refused."""

import time

from flask import Flask, Response, g, request

from .series import LATENCY, LEADS_ACCEPTED, LEADS_REFUSED, REQUESTS

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
# The lead routes, and the form each names when its body never said which (a refusal before reading it).
LEAD_ENDPOINTS = {"leads.create_contact": "contact", "leads.create_quote": "quote"}


def mark_lead(form: str, spam: bool = False) -> None:
    """Called by a lead route once the body named a valid form (and whether it is a bot's): only
    then is the lead counted by its form, and only then as accepted."""
    g.lead_form, g.lead_spam = form, spam


def _count_lead(endpoint: str, status: int) -> None:
    form = g.get("lead_form") or LEAD_ENDPOINTS[endpoint]
    if status == 201 and "lead_form" in g:
        (LEADS_REFUSED.labels(form, "spam") if g.lead_spam else LEADS_ACCEPTED.labels(form)).inc()
    elif status == 429:
        LEADS_REFUSED.labels(form, "limit").inc()
    elif status in (400, 413, 415, 422):
        LEADS_REFUSED.labels(form, "spam" if g.get("lead_spam") else "validation").inc()


def init_app(app: Flask) -> None:
    """Registered before every other hook, so that a request a later one refuses (the rate limit's
    429) is timed too."""

    @app.before_request
    def start_clock() -> None:
        g.metrics_started = time.perf_counter()

    @app.after_request
    def count(response: Response) -> Response:
        route = request.url_rule.rule if request.url_rule else "unmatched"
        method = request.method if request.method in METHODS else "other"
        REQUESTS.labels(route, method, str(response.status_code)).inc()
        if "metrics_started" in g:
            LATENCY.labels(route, method).observe(time.perf_counter() - g.metrics_started)
        if request.endpoint in LEAD_ENDPOINTS:
            _count_lead(request.endpoint, response.status_code)
        return response
