"""Rate limits (flask-limiter): per client and per route, from RATELIMIT_* settings. The client is
the address the service saw, after ProxyFix has believed the trusted hops and no more."""

import ipaddress

from flask import Flask, request
from flask_limiter import Limiter


def client_key() -> str:
    """The client's address; an IPv6 client by its /64, which one household or server is given
    whole, so that walking through its addresses does not reset the count."""
    address = request.remote_addr or ""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network((ip, 64), strict=False))
    return str(ip)


# A Redis that hangs must fail as fast as one that is down, so that the in-memory fallback takes
# over instead of the visitor waiting out the request's time-out.
REDIS_TIMEOUTS = {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}


def init_app(app: Flask, *exempt_blueprints) -> Limiter:
    """One limiter per app, so that each app has its own store and settings."""
    if app.config["RATELIMIT_STORAGE_URI"].startswith("redis"):
        app.config.setdefault("RATELIMIT_STORAGE_OPTIONS", REDIS_TIMEOUTS)
    limiter = Limiter(client_key, app=app)
    for blueprint in exempt_blueprints:
        limiter.exempt(blueprint)
    # The app holds it: a route's own limit keeps only a weak reference, and a disabled limiter
    # is held by nothing else.
    app.extensions["rate_limiter"] = limiter
    return limiter
