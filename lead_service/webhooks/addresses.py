"""Where a webhook may go: http or https to a host whose every address is public, unless
WEBHOOK_ALLOWED_NETWORKS allows it, checked when an admin saves the URL and again at each send
(DNS can change between the two): the send connects to the very address checked here."""

import ipaddress
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
MAX_URL_LENGTH = 2000


class RefusedAddress(ValueError):
    """The URL may not be posted to: the message says why, for the admin who typed it."""


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str  # as the URL names it: the Host header and the TLS server name
    port: int
    address: str  # the IP checked, the one connected to
    path: str  # with its query


def _public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    return not (
        address.is_private
        or address.is_loopback
        or address.is_link_local
        or address.is_reserved
        or address.is_multicast
        or address.is_unspecified
        or not address.is_global
    )


def shape(url: str) -> tuple[str, str, int, str]:
    """The URL's scheme, host, port and path, or RefusedAddress: what can be said without DNS."""
    if len(url) > MAX_URL_LENGTH:
        raise RefusedAddress(f"The URL is longer than {MAX_URL_LENGTH} characters.")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise RefusedAddress("The URL cannot be read.") from exc
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise RefusedAddress("Give an http:// or https:// URL with a host.")
    if parts.username or parts.password:
        raise RefusedAddress(
            "The URL may not carry a user name or password: the signature proves the sender."
        )
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return parts.scheme, parts.hostname, port or (443 if parts.scheme == "https" else 80), path


def resolve(url: str, allowed: Sequence[Network]) -> Target:
    """The address to post `url` to, every address of its host checked; RefusedAddress otherwise."""
    scheme, host, port, path = shape(url)
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise RefusedAddress(f"The host {host} cannot be found.") from exc
    addresses = [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in found]
    if not addresses:
        raise RefusedAddress(f"The host {host} cannot be found.")
    for address in addresses:
        if not _public(address) and not any(address in network for network in allowed):
            raise RefusedAddress(
                f"The host {host} is at {address}, a loopback, private, link-local or reserved address: "
                "webhooks go to public addresses only."
            )
    return Target(scheme, host, port, str(addresses[0]), path)
