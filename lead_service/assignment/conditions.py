"""Which leads a rule takes: each of its conditions is a list of values, any of which matches, and
an empty list matches every lead; a lead must meet them all."""

import json
from collections.abc import Iterable
from typing import Any

# The source of a lead with no UTM source and no referring site, as the dashboard names it too.
DIRECT = "Direct"
# The conditions a rule has, each a column of the rule and a list of values.
CONDITIONS = ("forms", "countries", "budgets", "sources")


def source(lead: Any) -> str:
    """Where the visit that sent the lead began: its UTM source, else the referring site."""
    return lead.utm_source or lead.referrer_host or DIRECT


def _folded(values: Iterable[str]) -> set[str]:
    return {value.strip().casefold() for value in values}


def _meets(allowed: list[str], value: str | None) -> bool:
    if not allowed:
        return True
    return value is not None and value.strip().casefold() in _folded(allowed)


def values(rule: Any) -> dict[str, list[str]]:
    """A stored rule's conditions, as lists."""
    return {name: json.loads(getattr(rule, name)) for name in CONDITIONS}


def matches(rule: Any, lead: Any) -> bool:
    """Whether `lead` meets every condition of `rule`. Country names and sources are compared
    without regard to case or the spaces around them."""
    kept = values(rule)
    return (
        (not kept["forms"] or lead.form in kept["forms"])
        and _meets(kept["countries"], lead.country)
        and (not kept["budgets"] or lead.budget in kept["budgets"])
        and _meets(kept["sources"], source(lead))
    )
