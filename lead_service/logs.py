"""Every line the service logs is one JSON object: its time, level, logger and message, and in a
request the request id, so that one visitor's request can be followed from nginx's log line through
the site's forwarder to the service's and to the error answer they were shown. The id is the one
nginx (or the site's forwarder) passed in X-Request-ID, when it is well formed, else a new one; it
goes back in X-Request-ID and in every error answer (errors.py).

Nothing personal is logged: no client address, no query string, no field of a lead; a request's line
names its method, path, status and time."""

import logging
import re
import sys
import time
import uuid

from flask import Flask, Response, g, has_request_context, request
from flask.logging import default_handler
from pythonjsonlogger.json import JsonFormatter

HEADER = "X-Request-ID"
# A visitor's own header reaches the service only where nothing in front replaced it: whatever it
# says, only an id of these characters is kept, so that none can forge a log line.
_WELL_FORMED = re.compile(r"[A-Za-z0-9._:-]{8,128}")


class JsonLines(JsonFormatter):
    """gunicorn's lines (gunicorn.conf.py) and the service's alike."""

    def __init__(self) -> None:
        super().__init__(
            ["asctime", "levelname", "name", "message"],
            rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
        )

    def add_fields(self, log_data, record, message_dict) -> None:
        super().add_fields(log_data, record, message_dict)
        if has_request_context() and "request_id" in g:
            log_data["request_id"] = g.request_id

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z"


def request_id() -> str:
    """This request's id: made here for a request refused before the first hook ran."""
    if "request_id" not in g:
        g.request_id = uuid.uuid4().hex
    return g.request_id


def configure(app: Flask) -> None:
    """JSON lines on stderr, unless logging is configured already (gunicorn's logconfig_dict, a test
    runner): Flask's own plain handler never writes."""
    app.logger.removeHandler(default_handler)
    root = logging.getLogger()
    if not root.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JsonLines())
        root.addHandler(handler)
    root.setLevel(app.config["LOG_LEVEL"])
    app.logger.setLevel(app.config["LOG_LEVEL"])


def init_app(app: Flask) -> None:
    access = logging.getLogger("lead_service.access")

    @app.before_request
    def identify() -> None:
        incoming = request.headers.get(HEADER, "")
        g.request_id = incoming if _WELL_FORMED.fullmatch(incoming) else uuid.uuid4().hex
        g.logs_started = time.perf_counter()

    @app.after_request
    def answer(response: Response) -> Response:
        response.headers[HEADER] = request_id()
        took = time.perf_counter() - g.logs_started if "logs_started" in g else None
        access.info(
            "request",
            extra={
                "method": request.method[:16],
                "path": request.path[:512],
                "status": response.status_code,
                "duration_ms": round(took * 1000, 1) if took is not None else None,
            },
        )
        return response
