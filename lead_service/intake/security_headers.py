"""Security headers on every answer, errors and the profile download included: the service serves
JSON and a PDF attachment, so nothing may be framed, sniffed, embedded from elsewhere or cached."""

from flask import Flask, Response

HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "Cross-Origin-Resource-Policy": "same-site",
}


def _add(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    # Answers to a lead carry its id: no shared cache keeps them. The PDF sets its own caching.
    response.headers.setdefault("Cache-Control", "no-store")
    return response


def init_app(app: Flask) -> None:
    app.after_request(_add)
