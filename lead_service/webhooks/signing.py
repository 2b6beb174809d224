"""A delivery signed by the Standard Webhooks specification, with the `standardwebhooks` library:
webhook-id, webhook-timestamp and webhook-signature ("v1," and the base64 HMAC-SHA256 of
"<id>.<timestamp>.<body>" under the endpoint's secret). The endpoint made from WEBHOOK_URL also
gets the X-Lead-* headers its receiver checked before (docs/integrations.md "Webhooks")."""

import base64
import hashlib
import hmac
import json
import secrets
from datetime import UTC, datetime

from standardwebhooks.webhooks import Webhook

SECRET_PREFIX = "whsec_"


def new_secret() -> str:
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(32)).decode()


def secret_of_shared(shared: str) -> str:
    """The Standard Webhooks secret of WEBHOOK_SECRET: its own bytes, so that one secret checks both."""
    return SECRET_PREFIX + base64.b64encode(shared.encode()).decode()


def standard_headers(secret: str, message_id: str, body: str) -> dict[str, str]:
    # sign() replaces the time's tzinfo with UTC rather than converting it: give it UTC.
    now = datetime.now(UTC)
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(int(now.timestamp())),
        "webhook-signature": Webhook(secret).sign(message_id, now, body),
    }


def legacy_headers(secret: str, body: str, timestamp: str) -> dict[str, str]:
    """WEBHOOK_URL's old headers: "sha256=" and the HMAC of "<timestamp>.<body>" under WEBHOOK_SECRET,
    and the outbox row's id as X-Lead-Delivery, as the old body's delivery_id."""
    shared = base64.b64decode(secret.removeprefix(SECRET_PREFIX))
    digest = hmac.new(shared, timestamp.encode() + b"." + body.encode(), hashlib.sha256).hexdigest()
    return {
        "X-Lead-Delivery": str(json.loads(body).get("delivery_id", "")),
        "X-Lead-Timestamp": timestamp,
        "X-Lead-Signature": f"sha256={digest}",
    }
