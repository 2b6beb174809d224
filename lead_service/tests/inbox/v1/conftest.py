"""API tokens made as admins make them, in the inbox, and a client calling /api/v1/ with one."""

import pytest

from ..conftest import contact


class TokenClient:
    """A client that sends the token with every call, and nothing else: no cookie, no Origin."""

    def __init__(self, client, token: str) -> None:
        self.client, self.token = client, token

    def _headers(self, headers):
        return {"Authorization": f"Bearer {self.token}", **(headers or {})}

    def get(self, path, headers=None, **kwargs):
        return self.client.get(path, headers=self._headers(headers), **kwargs)

    def post(self, path, headers=None, **kwargs):
        return self.client.post(path, headers=self._headers(headers), **kwargs)

    def patch(self, path, headers=None, **kwargs):
        return self.client.patch(path, headers=self._headers(headers), **kwargs)


@pytest.fixture
def admin(signed_in):
    """An admin signed in to the inbox, who makes the tokens."""
    return signed_in("admin")


@pytest.fixture
def api_token(app, admin):
    """Makes a token with `scopes` through the inbox's API, as an admin does: a client calling with
    it (the token in .token) and the answer that made it."""

    def make(*scopes: str, days: int = 30, name: str = "CRM sync"):
        made = admin.post("/api/inbox/tokens", json={"name": name, "scopes": list(scopes), "days": days})
        assert made.status_code == 201, made.json
        return TokenClient(app.test_client(), made.json["token"]), made.json

    return make


@pytest.fixture
def lead(add):
    """Stores a contact lead: its id."""
    return lambda **values: add(contact(**values))[0]
