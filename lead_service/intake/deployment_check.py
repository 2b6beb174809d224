"""The lead `lead-service check-deployment` sends through the public site after a deployment: it
carries a Deployment-Check header, a timestamp signed with the service's SECRET_KEY. Such a lead
is stored and queued as any other, but its notification tells nobody (the worker marks it done),
no assignment rule places it, and the Turnstile check does not apply; the check deletes it once it
has seen it through. A header that is not a live signature is refused, never taken as a visitor's
lead: a wrong SECRET_KEY shows at once."""

import hashlib
import hmac
import re
import time

from flask import abort, current_app, request

from ..config import secret_key

HEADER = "Deployment-Check"
# How long a token is good for: the check sends it at once. A token seen in transit can be used
# again only this long, and only to send leads that nobody is told of.
LIVES_SECONDS = 300
_STAMP = re.compile(r"[0-9]{1,12}")  # Unix seconds, and nothing int() would choke on


def _signature(key: bytes, stamp: str) -> str:
    return hmac.new(key, f"deployment-check\n{stamp}".encode(), hashlib.sha256).hexdigest()


def token(key: bytes, now: float | None = None) -> str:
    """A header value good for LIVES_SECONDS from `now`."""
    stamp = str(int(time.time() if now is None else now))
    return f"{stamp}.{_signature(key, stamp)}"


def requested() -> bool:
    """Whether this request is the deployment check's: False without the header, True with a live
    signature; any other value of it is refused with 403."""
    given = request.headers.get(HEADER)
    if given is None:
        return False
    stamp, _, signature = given.partition(".")
    live = _STAMP.fullmatch(stamp) is not None and abs(time.time() - int(stamp)) <= LIVES_SECONDS
    if not (live and hmac.compare_digest(signature, _signature(secret_key(current_app), stamp))):
        abort(403, description=f"The {HEADER} header is not a live signature of this service's SECRET_KEY.")
    return True
