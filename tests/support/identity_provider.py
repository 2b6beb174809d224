"""A real OpenID provider for the sign-in's tests: panva's oidc-provider (oidc_provider/, installed
by the Makefile with `npm ci`) on a free 127.0.0.1 port, stopped when the tests end; and its login
as a person's browser takes it, driven with requests."""

import json
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin

import requests

from .servers import ROOT, free_port, server

PACKAGE = ROOT / "tests" / "support" / "oidc_provider"
CLIENT_ID, CLIENT_SECRET = "inbox-tests", "inbox-tests-secret-0123456789abcdef"


@dataclass
class Provider:
    issuer: str

    def settings(self) -> dict[str, str]:
        """The service's settings to sign in through this provider."""
        return {
            "INBOX_OIDC_ISSUER": self.issuer,
            "INBOX_OIDC_CLIENT_ID": CLIENT_ID,
            "INBOX_OIDC_CLIENT_SECRET": CLIENT_SECRET,
            "INBOX_OIDC_NAME": "Test Provider",
        }


@contextmanager
def identity_provider(
    tmp: Path, redirect_uris: list[str], accounts: dict[str, dict], port: int | None = None
):
    """The provider, its one client allowed back to `redirect_uris`; `accounts` by login, each its
    claims (email, email_verified). `port`: one chosen before (for the service's settings)."""
    port = port or free_port()
    client = {"client_id": CLIENT_ID, "client_secret": CLIENT_SECRET, "redirect_uris": redirect_uris}
    env = {
        "OIDC_PORT": str(port),
        "OIDC_CLIENT": json.dumps(client),
        "OIDC_ACCOUNTS": json.dumps(accounts),
        "NODE_ENV": "test",
    }
    issuer = f"http://127.0.0.1:{port}"
    with server(
        ["node", "provider.mjs"],
        env,
        f"{issuer}/.well-known/openid-configuration",
        tmp / "oidc-provider.log",
        cwd=PACKAGE,
    ):
        yield Provider(issuer)


def log_in(authorization_url: str, login: str) -> str:
    """Follows the provider's redirects to its login form, signs in as `login` (the dev form takes
    any password), and returns the URL it then sends the browser back to (the callback's)."""
    browser = requests.Session()
    provider = "/".join(authorization_url.split("/", 3)[:3])
    answer = browser.get(authorization_url, allow_redirects=True, timeout=10)
    assert "/interaction/" in answer.url, answer.url
    form = {"prompt": "login", "login": login, "password": "anything"}
    answer = browser.post(answer.url, data=form, allow_redirects=False, timeout=10)
    # The provider resumes the authorization and, the grant given at once, redirects back.
    while answer.is_redirect:
        location = urljoin(answer.url, answer.headers["Location"])
        if not location.startswith(provider + "/"):
            return location
        answer = browser.get(location, allow_redirects=False, timeout=10)
    raise AssertionError(
        f"the provider did not send the browser back: {answer.status_code} {answer.text[:500]}"
    )
