"""Servers the lead service talks to, on free 127.0.0.1 ports: for the outbox's notifications a
real SMTP server (aiosmtpd) that keeps every message and an HTTP server that verifies each
webhook's signature the way docs/sales-team.md tells a receiver to, independently of the service's code;
and a stand-in for Cloudflare Turnstile's siteverify."""

import base64
import email
import email.policy
import hashlib
import hmac
import json
import ssl
import threading
import time
from collections.abc import Callable
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from .ports import free_port


def wait_for(condition: Callable[[], Any], timeout: float = 10, what: str = "condition") -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = condition()
        if result:
            return result
        time.sleep(0.05)
    raise AssertionError(f"{what} not met within {timeout}s")


class SmtpSink:
    """An SMTP server that keeps each message it accepts, with the time it arrived. With a TLS
    context it offers STARTTLS and requires it, and a login, before it takes mail."""

    def __init__(self, *, tls: ssl.SSLContext | None = None, login: tuple[str, str] | None = None):
        self.port = free_port()
        self.messages: list[EmailMessage] = []
        self.arrivals: list[float] = []
        self.envelopes: list[tuple[str, list[str]]] = []
        self._tls, self._login = tls, login
        self._controller: Controller | None = None

    async def handle_DATA(self, _server, _session, envelope) -> str:  # aiosmtpd's handler hook
        self.arrivals.append(time.time())
        self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 Message accepted"

    def _authenticate(self, _server, _session, _envelope, _mechanism, data) -> AuthResult:
        ok = isinstance(data, LoginPassword) and (data.login.decode(), data.password.decode()) == self._login
        # handled=False: aiosmtpd itself answers a failure with 535.
        return AuthResult(success=ok, handled=False)

    def start(self) -> "SmtpSink":
        options: dict[str, Any] = {}
        if self._tls is not None:
            options = {"tls_context": self._tls, "require_starttls": True}
        if self._login is not None:
            options |= {"authenticator": self._authenticate, "auth_required": True}
        self._controller = Controller(self, hostname="127.0.0.1", port=self.port, **options)
        self._controller.start()
        return self

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None


class WebhookReceiver:
    """An HTTP server that checks each delivery's Standard Webhooks signature with the
    `standardwebhooks` library (under `secret` when it is a "whsec_" one, else under its bytes, as
    the endpoint made from WEBHOOK_URL signs) and, when it carries them, X-Lead-Signature and the
    timestamp's age as docs/integrations.md tells the old receivers to; records each delivery, and
    answers the statuses it is told to, then 204."""

    def __init__(self, secret: str):
        shared = not secret.startswith("whsec_")
        self.secret = secret.encode()
        self.standard = Webhook(secret if not shared else base64.b64encode(self.secret).decode())
        self.deliveries: list[dict[str, Any]] = []
        self.statuses: list[int] = []  # answered first, one per request
        self.answer = b""  # the body of each answer
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                try:
                    receiver.standard.verify(body, dict(self.headers.items()))
                    standard = True
                except (WebhookVerificationError, ValueError):
                    standard = False
                timestamp = self.headers.get("X-Lead-Timestamp", "")
                expected = hmac.new(receiver.secret, timestamp.encode() + b"." + body, hashlib.sha256)
                signed = hmac.compare_digest(
                    self.headers.get("X-Lead-Signature", ""), "sha256=" + expected.hexdigest()
                )
                fresh = timestamp.isdigit() and abs(time.time() - int(timestamp)) < 300
                old = (signed and fresh) if (shared or "X-Lead-Signature" in self.headers) else True
                status = receiver.statuses.pop(0) if receiver.statuses else 204
                verified = standard and old
                receiver.deliveries.append(
                    {
                        "verified": verified,
                        "delivery": self.headers.get("X-Lead-Delivery"),
                        "webhook_id": self.headers.get("webhook-id"),
                        "json": json.loads(body),
                        "status": status,
                    }
                )
                answer = receiver.answer if verified else b""
                self.send_response(status if verified else 401)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *_args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/hooks/leads"

    def start(self) -> "WebhookReceiver":
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def accepted(self) -> list[dict[str, Any]]:
        return [d for d in self.deliveries if d["verified"] and 200 <= d["status"] < 300]


def smtp_settings(smtp_port: int) -> dict[str, str]:
    """The outbox worker's environment for an SMTP server on `smtp_port`, without TLS."""
    return {
        "SMTP_HOST": "127.0.0.1",
        "SMTP_PORT": str(smtp_port),
        "SMTP_SECURITY": "none",
        "NOTIFY_EMAIL_FROM": "leads@tidewell.example",
        "NOTIFY_EMAIL_TO": "sales@tidewell.example",
    }


def channel_settings(smtp_port: int, hook: WebhookReceiver) -> dict[str, str]:
    """The outbox worker's environment for an SMTP server on `smtp_port` (no TLS) and `hook`."""
    return {
        **smtp_settings(smtp_port),
        "WEBHOOK_URL": hook.url,
        "WEBHOOK_SECRET": hook.secret.decode(),
        "WEBHOOK_ALLOWED_NETWORKS": "127.0.0.1/32",
    }


class Siteverify:
    """Stands in for Cloudflare Turnstile's siteverify, which the tests cannot reach: success for
    the secret it is given and a token it was told is good, each token once (they are single-use),
    naming the hostname the token was solved on. `garbage`, when set, is answered instead."""

    def __init__(self, secret: str, hostname: str = "127.0.0.1"):
        self.good: set[str] = set()
        self.calls: list[dict[str, str]] = []
        self.hostname = hostname
        self.garbage: bytes | None = None
        verifier = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                form = parse_qs(self.rfile.read(int(self.headers["Content-Length"])).decode())
                call = {key: values[0] for key, values in form.items()}
                verifier.calls.append(call)
                ok = call.get("secret") == secret and call.get("response") in verifier.good
                verifier.good.discard(call.get("response", ""))
                answer = {"success": ok, "error-codes": [] if ok else ["invalid-input-response"]}
                body = json.dumps({**answer, "hostname": verifier.hostname} if ok else answer)
                if verifier.garbage is not None:
                    body = verifier.garbage.decode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(body.encode())

            def log_message(self, *_args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/turnstile/v0/siteverify"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
