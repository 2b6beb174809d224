"""Which leads a rule takes: each of its conditions is a list of values, any of which matches, and
an empty list matches every lead; a lead must meet them all."""

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

# The source of a lead with no UTM source and no referring site, as the dashboard names it too.
DIRECT = "Direct"
# The conditions a rule has, each a column of the rule and a list of values.
CONDITIONS = ("forms", "countries", "budgets", "sources")


def source(lead: Any) -> str:
    """Where the visit that sent the lead began: its UTM source, else the referring site."""
    return lead.utm_source or lead.referrer_host or DIRECT


def _folded(values: Iterable[str]) -> frozenset[str]:
    return frozenset(value.strip().casefold() for value in values)


def values(rule: Any) -> dict[str, list[str]]:
    """A stored rule's conditions, as lists."""
    return {name: json.loads(getattr(rule, name)) for name in CONDITIONS}


@dataclass(frozen=True)
class Conditions:
    """A rule's conditions read once, to be tried on a batch of leads. Country names and sources
    are compared without regard to case or the spaces around them."""

    forms: frozenset[str]
    countries: frozenset[str]
    budgets: frozenset[str]
    sources: frozenset[str]

    @classmethod
    def of(cls, rule: Any) -> "Conditions":
        kept = values(rule)
        return cls(
            forms=frozenset(kept["forms"]),
            countries=_folded(kept["countries"]),
            budgets=frozenset(kept["budgets"]),
            sources=_folded(kept["sources"]),
        )

    def matches(self, lead: Any) -> bool:
        """Whether `lead` meets every condition."""
        country = lead.country.strip().casefold() if lead.country is not None else None
        return (
            (not self.forms or lead.form in self.forms)
            and (not self.countries or country in self.countries)
            and (not self.budgets or lead.budget in self.budgets)
            and (not self.sources or source(lead).strip().casefold() in self.sources)
        )
