"""What a hostile client sends the inbox, as Hypothesis strategies: text of every control
character, lone surrogates, direction overrides, zero-width characters and other scripts' digits;
long, deeply nested and wrongly typed JSON values and huge numbers; raw bodies that are not UTF-8,
not JSON, or past the parser's depth and digits."""

import json
from typing import Any

from hypothesis import strategies as st

# Every C0 and C1 control character, and DEL; direction overrides, embeddings and isolates;
# zero-width characters and the byte order mark; lone surrogates (valid JSON as "\ud800"); digits
# of other scripts, which int() and \d take for digits.
CONTROLS = [chr(c) for c in (*range(0x20), 0x7F, *range(0x80, 0xA0))]
INVISIBLE = list(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b\u200c\u200d\u200e\u200f\u2060\ufeff"
)
SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff"]
OTHER_DIGITS = ["١٢٣٤٥٦", "１２３", "۱۲۳۴۵۶", "१२३४५६", "１２３４５６"]
HUGE = [2**31 - 1, 2**31, -(2**31) - 1, 2**63, -(2**63) - 1, 2**64, 10**40, -1, 0]

short_hostile = st.lists(
    st.sampled_from(CONTROLS + INVISIBLE + SURROGATES + OTHER_DIGITS) | st.text(max_size=6),
    min_size=1,
    max_size=8,
).map("".join)
any_text = st.text(st.characters(exclude_categories=()), max_size=40)  # every code point


def _repeated(piece: str, size: int) -> str:
    """`piece` repeated to about `size` bytes of JSON (where a control character takes six)."""
    return piece * max(1, size // len(json.dumps(piece)))


# Tens of KB: mostly under the 64 KiB body limit, now and then over it.
long_text = st.builds(_repeated, short_hostile, st.integers(8_000, 70_000))


def _nested(depth: int, leaf: Any) -> Any:
    for level in range(depth):
        leaf = [leaf] if level % 2 else {"a": leaf}
    return leaf


deep = st.builds(_nested, st.integers(20, 400), st.none() | short_hostile)
huge = st.sampled_from(HUGE) | st.integers(min_value=-(10**30), max_value=10**30)
# json.dumps writes NaN and Infinity, which the service's json.loads reads.
scalars = st.none() | st.booleans() | huge | st.floats() | short_hostile | any_text
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=10,
)
hostile = st.one_of(short_hostile, any_text, long_text, json_values, deep)


# Raw bodies: not UTF-8, not JSON, nested past the parser's depth, integers past its digits.
INVALID_UTF8 = [b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\xc0\xaf", b"\xe2\x82"]
NOT_JSON = [b"", b"null", b"NaN", b"-Infinity", b"1e999", b'"\\ud800"', b"<a/>", b"a=b&c=d", b"\x00", b"{"]
raw_bodies = st.one_of(
    st.binary(max_size=2048),
    st.sampled_from(NOT_JSON),
    st.builds(
        lambda bad, key: b'{"' + key.encode() + b'": "' + bad + b'"}',
        st.sampled_from(INVALID_UTF8),
        st.sampled_from(["body", "code", "email", "status"]),
    ),
    st.integers(500, 30_000).map(lambda n: b"[" * n + b"]" * n),
    st.integers(500, 10_000).map(lambda n: b'{"a":' * n + b"1" + b"}" * n),
    st.integers(4_000, 20_000).map(lambda n: b'{"version": ' + b"9" * n + b"}"),
    st.sampled_from(['{"body": "x"}', '{"code": "123456"}']).map(lambda text: text.encode("utf-16")),
)
CONTENT_TYPES = [
    "application/json",
    "application/json; charset=utf-16",
    "application/merge-patch+json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    None,
]
