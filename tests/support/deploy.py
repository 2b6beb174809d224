"""The deployment's files as the tests read them: docker-compose.yml parsed, and .env.example's
settings."""

import yaml

from .servers import ROOT

COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]


def env_example() -> dict[str, str]:
    """{name: value} of every setting .env.example gives, its comments left out."""
    pairs = {}
    for line in (ROOT / ".env.example").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, value = line.partition("=")
            pairs[name.strip()] = value.strip()
    return pairs
