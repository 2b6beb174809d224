"""What a search asks for, and where it was found in a lead: the terms of a query, and each matching
field of a lead as plain text segments, marked or not, for the page to show (and escape) as text.

A lead matches a query when every term of it (the query split at white space, case ignored) is in
one of its searched fields (name, company, e-mail, phone, and message or project):
- each word of the term (a run of letters and digits) starts a word of the lead, or
- the term, of 3 characters or more, is part of the e-mail address, or part of the phone number
  with its spaces and punctuation (PHONE_SEPARATORS) left out; so is the term without them.

Shorter terms match the starts of words only: a trigram index cannot look for one or two characters.
A query of punctuation alone has nothing to look for, and finds nothing.
The databases index exactly this (migration 0008: PostgreSQL's tsvector and pg_trgm, SQLite's FTS5),
and `highlight` marks exactly this, the same way on both."""

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ... import content

# The longest query, and the most terms in one, that a search takes.
MAX_QUERY_LENGTH = content.load("inbox")["limits"]["maxQueryLength"]
MAX_TERMS = content.load("inbox")["limits"]["maxQueryTerms"]
# Left out of a phone number, and of a term, before the one is looked for in the other: so that
# "345 6789", "345-6789" and "3456789" all find +60 12-345 6789. The migration repeats this set.
PHONE_SEPARATORS = " -+()./"
# A term found inside an e-mail address or a phone number has at least this many characters.
MIN_PART = 3

# Letters and digits: \w without the underscore.
_WORD = re.compile(r"[^\W_]+")
_PHONE_SEPARATOR = re.compile("[" + re.escape(PHONE_SEPARATORS) + "]")
# The text shown of a long field (a message, a project) around its first match.
EXCERPT_BEFORE = 40
EXCERPT_LENGTH = 160


@dataclass(frozen=True)
class Term:
    # Each starts a word of the lead (lower case, letters and digits only).
    words: tuple[str, ...]
    # Any one is part of the e-mail address or of the phone number without its separators.
    parts: tuple[str, ...]


def strip_phone(text: str) -> str:
    return _PHONE_SEPARATOR.sub("", text)


def terms(query: str) -> tuple[Term, ...]:
    """The terms of a query, each at most once; a term with nothing to look for (punctuation
    alone) is left out."""
    found: list[Term] = []
    for raw in query.split():
        lowered = raw.lower()
        words = tuple(dict.fromkeys(_WORD.findall(lowered)))
        parts = tuple(
            part for part in dict.fromkeys((lowered, strip_phone(lowered))) if len(part) >= MIN_PART
        )
        term = Term(words, parts)
        if (words or parts) and term not in found:
            found.append(term)
    return tuple(found)


Range = tuple[int, int]


# The patterns of a page's terms, made once for its 50 leads' every field (re's own cache is keyed
# by the pattern's text, which would be escaped and joined anew each time).
@functools.lru_cache(maxsize=256)
def _pattern(text: str, word_start: bool) -> re.Pattern[str]:
    # A word of the term at the start of a word of the text: not after a letter or digit.
    return re.compile((r"(?<![^\W_])" if word_start else "") + re.escape(text), re.IGNORECASE)


def _word_starts(text: str, word: str) -> Iterable[Range]:
    return [match.span() for match in _pattern(word, True).finditer(text)]


def _inside(text: str, part: str) -> Iterable[Range]:
    return [match.span() for match in _pattern(part, False).finditer(text)]


def _inside_phone(phone: str, part: str) -> Iterable[Range]:
    """`part` inside the phone number without its separators, as ranges of the number as stored."""
    kept = [index for index, char in enumerate(phone) if char not in PHONE_SEPARATORS]
    stripped = "".join(phone[index] for index in kept)
    for start, end in _inside(stripped, part):
        yield kept[start], kept[end - 1] + 1


def _merged(ranges: Iterable[Range]) -> list[Range]:
    merged: list[list[int]] = []
    for start, end in sorted(ranges):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(start, end) for start, end in merged]


def ranges(fields: Mapping[str, str], query_terms: Iterable[Term]) -> dict[str, list[Range]]:
    """Where the terms are found in each field's text: sorted, merged [start, end) ranges. The
    words of a term count only when every one of them starts a word of the lead, as in the search."""
    found: dict[str, list[Range]] = {field: [] for field in fields}
    for term in query_terms:
        by_word = [
            {field: list(_word_starts(text, word)) for field, text in fields.items()} for word in term.words
        ]
        if all(any(places.values()) for places in by_word):
            for places in by_word:
                for field, spans in places.items():
                    found[field].extend(spans)
        for part in term.parts:
            if "email" in fields:
                found["email"].extend(_inside(fields["email"], part))
            if "phone" in fields:
                found["phone"].extend(_inside_phone(fields["phone"], part))
    return {field: _merged(spans) for field, spans in found.items() if spans}


def segments(text: str, found: list[Range]) -> list[dict[str, object]]:
    """The text cut at the ranges: [{"text": ..., "match": bool}, ...]."""
    pieces: list[dict[str, object]] = []
    at = 0
    for start, end in found:
        if start > at:
            pieces.append({"text": text[at:start], "match": False})
        pieces.append({"text": text[start:end], "match": True})
        at = end
    if at < len(text):
        pieces.append({"text": text[at:], "match": False})
    return pieces


def _excerpt(text: str, found: list[Range]) -> tuple[str, list[Range]]:
    """A long text cut down to the part around its first match, with "…" where it was cut."""
    if len(text) <= EXCERPT_LENGTH:
        return text, found
    start = max(0, found[0][0] - EXCERPT_BEFORE)
    end = min(len(text), start + EXCERPT_LENGTH)
    start = max(0, end - EXCERPT_LENGTH)
    lead, tail = ("…" if start > 0 else ""), ("…" if end < len(text) else "")
    shift = len(lead) - start
    kept = [(max(a, start) + shift, min(b, end) + shift) for a, b in found if b > start and a < end]
    return lead + text[start:end] + tail, kept


def highlight(
    fields: Mapping[str, str | None], query_terms: Iterable[Term], excerpt: Iterable[str] = ()
) -> dict[str, list[dict[str, object]]]:
    """Each field in which a term was found, as segments; the fields named in `excerpt` only
    around their first match."""
    texts = {field: text for field, text in fields.items() if text}
    cut = set(excerpt)
    marked = {}
    for field, found in ranges(texts, query_terms).items():
        text, shown = _excerpt(texts[field], found) if field in cut else (texts[field], found)
        marked[field] = segments(text, shown)
    return marked
