"""marshmallow schemas generated from shared_content/forms.json, so that the service checks
exactly the rules, and answers exactly the messages, that the web forms show."""

import re
from typing import Any, ClassVar

import phonenumbers
from marshmallow import EXCLUDE, RAISE, Schema, ValidationError, fields, post_load, pre_load, validate

from . import content

FORMS = content.load("forms")
MESSAGES = FORMS["messages"]


def form_spec(name: str) -> dict[str, Any]:
    """A stored lead's form in forms.json; a form taken off the site since reads as the contact
    form, whose fields every lead has."""
    return FORMS["forms"].get(name) or FORMS["forms"]["contact"]


# What each kind of field refuses, as the browser checks it too. A one-line value ends up in
# e-mail headers, CSV cells and log lines, where a line break or a direction override could forge
# a header, a row or a line, or show the sales team something other than what was sent.
_FORBIDDEN = {kind: re.compile(rule["source"]) for kind, rule in FORMS["characters"].items()}


def characters(spec: dict[str, Any]):
    """The field's character rule: a textarea keeps its line breaks, every other field is one line."""
    forbidden, message = (
        (_FORBIDDEN["multiLine"], MESSAGES["invalidCharacters"])
        if spec["type"] == "textarea"
        else (_FORBIDDEN["singleLine"], MESSAGES["singleLine"])
    )

    def check(value: str) -> None:
        try:
            value.encode("utf-8")  # fails on lone surrogates, which "\ud800" in JSON produces
        except UnicodeEncodeError:
            raise ValidationError(MESSAGES["invalidCharacters"]) from None
        if forbidden.search(value):
            raise ValidationError(message)

    return check


PHONE_COUNTRIES: dict[str, str] = content.load("phone-countries")["countries"]
DEFAULT_PHONE_COUNTRY = FORMS["defaultPhoneCountry"]["iso2"]
# The field in which a form names the country its phone was typed in.
_PHONE_COUNTRY_FIELD = "phoneCountry"


class Phone(fields.String):
    """A phone number as the visitor typed it: national digits read in the country the form sent
    beside it (its phone-country field, or the site's default), or the number with its + and
    country code, whatever country was sent. Stored in E.164. The service decides what a number
    is, so that what the sales team calls never depends on what the visitor's browser had loaded."""

    def __init__(self, *, checks: Any, message: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.checks = checks
        self.message = message

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        # The text's own rules first: parsing would quietly drop a line break from the number.
        self.checks(text)
        try:
            number = phonenumbers.parse(text, _chosen_country(data))
        except phonenumbers.NumberParseException:
            raise ValidationError(self.message) from None
        if not phonenumbers.is_possible_number(number):
            raise ValidationError(self.message)
        return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def _chosen_country(data: Any) -> str:
    """The country the form says its phone was typed in; the default for anything else, which
    the phone-country field refuses on its own."""
    chosen = data.get(_PHONE_COUNTRY_FIELD) if isinstance(data, dict) else None
    return chosen if isinstance(chosen, str) and chosen in PHONE_COUNTRIES else DEFAULT_PHONE_COUNTRY


def phone_country(e164: str, chosen: str | None) -> str | None:
    """The English name of the country a stored number belongs to, as the form's country list
    names it. A number in a range no country's plan holds yet belongs to the chosen country when
    that country shares its calling code (+1 for Canada as for the United States), else to the
    code's main country; a number of no country (+800) has none."""
    number = phonenumbers.parse(e164)
    region = phonenumbers.region_code_for_number(number)
    if region is None:
        regions = phonenumbers.region_codes_for_country_code(number.country_code)
        region = chosen if chosen in regions else next(iter(regions), None)
    return PHONE_COUNTRIES.get(region or "")


def _first_failure(validators: list):
    """The validators in order, stopping at the first that fails: one message per field, the one
    that tells the visitor what to fix first (a line break in an address, not its format too)."""

    def check(value: Any) -> None:
        for validator in validators:
            validator(value)

    return check


def _pattern(name: str, message: str) -> tuple[validate.Validator, dict[str, str]]:
    """A forms.json pattern as a validator, with what the API document says of it."""
    pattern = FORMS["patterns"][name]
    # ASCII: as in JavaScript, "i" must not fold non-ASCII letters (long s, Kelvin sign) into [A-Z].
    flags = re.ASCII | (re.IGNORECASE if "i" in pattern["flags"] else 0)
    # JSON Schema's patterns have no flags: the API document spells an "i" pattern's letters out.
    source = re.sub("A-Z|a-z", "A-Za-z", pattern["source"]) if "i" in pattern["flags"] else pattern["source"]
    return validate.Regexp(re.compile(pattern["source"], flags), error=message), {"pattern": source}


# What a visitor never sees: the site drops an attribution value that breaks its rule.
_ATTRIBUTION_PATTERN_MESSAGES = {
    "host": "Give the referring site's host name, such as www.example.com.",
    "path": "Give the landing page's path on this site, starting with /.",
}


def _attribution_field(spec: dict[str, Any]) -> fields.String:
    max_length = spec["maxLength"]
    validators = [
        characters({"type": "text"}),
        validate.Length(max=max_length, error=MESSAGES["maxLength"].format(max=max_length)),
    ]
    metadata: dict[str, str] = {}
    if "pattern" in spec:
        validator, metadata = _pattern(spec["pattern"], _ATTRIBUTION_PATTERN_MESSAGES[spec["pattern"]])
        validators.append(validator)
    return fields.String(
        error_messages={"invalid": MESSAGES["notText"]},
        validate=_first_failure(validators),
        metadata=metadata,
    )


class _AttributionBase(Schema):
    """Where the visit that sent a lead began, as the site records it with analytics consent: the
    campaign's UTM parameters, the referring site's host and the first page seen (forms.json's
    attribution). Every key is optional; one the site never sends is refused, not stored unread."""

    class Meta:
        unknown = RAISE

    error_messages: ClassVar[dict[str, str]] = {
        "type": "Send the attribution as a JSON object.",
        "unknown": f"Not an attribution key: use one of {', '.join(FORMS['attribution'])}.",
    }

    @pre_load
    def tidy(self, data: Any, **_kwargs: Any) -> Any:
        if not isinstance(data, dict):
            return data
        trimmed = {key: value.strip() if isinstance(value, str) else value for key, value in data.items()}
        return {key: value for key, value in trimmed.items() if value is not None and value != ""}


AttributionSchema = _AttributionBase.from_dict(
    {key: _attribution_field(spec) for key, spec in FORMS["attribution"].items()}, name="Attribution"
)
ATTRIBUTION_KEYS = tuple(FORMS["attribution"])


class LeadSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    error_messages: ClassVar[dict[str, str]] = {"type": "Send the form as a JSON object."}

    # Set only from the honeypot below, never from what the client sends under this name.
    spam = fields.Boolean(load_default=False)
    # First-touch attribution, stored in the lead's own columns of the same names.
    attribution = fields.Nested(AttributionSchema)

    @pre_load
    def tidy(self, data: Any, **_kwargs: Any) -> Any:
        """Trim strings; a blank or null value counts as missing, so it gets the required message.
        A filled honeypot marks the lead as spam."""
        if not isinstance(data, dict):
            return data
        trimmed = {key: value.strip() if isinstance(value, str) else value for key, value in data.items()}
        kept = {key: value for key, value in trimmed.items() if value is not None and value != ""}
        return {**kept, "spam": FORMS["honeypotField"] in kept}

    @post_load
    def spread_attribution(self, data: dict[str, Any], **_kwargs: Any) -> dict[str, Any]:
        attribution = data.pop("attribution", {})
        return {**data, **attribution}

    @post_load
    def name_country(self, data: dict[str, Any], **_kwargs: Any) -> dict[str, Any]:
        """The country is the phone number's, whatever the form's list said; the chosen country
        only read the number, and is not kept."""
        chosen = data.pop(_PHONE_COUNTRY_FIELD, None)
        return {**data, "country": phone_country(data["phone"], chosen) if data.get("phone") else None}


def _field(spec: dict[str, Any]) -> fields.Field:
    messages = spec["messages"]
    metadata: dict[str, str] = {}
    error_messages = {"invalid": MESSAGES["notText"]}
    if spec["required"]:
        error_messages |= {"required": messages["required"], "null": messages["required"]}
    validators = [
        characters(spec),
        validate.Length(max=spec["maxLength"], error=MESSAGES["maxLength"].format(max=spec["maxLength"])),
    ]
    if "pattern" in spec:
        validator, metadata = _pattern(spec["pattern"], messages["pattern"])
        validators.append(validator)
    if "options" in spec:
        validators.append(validate.OneOf(spec["options"], error=messages["option"]))
    if spec["type"] == "phone-country":
        validators.append(validate.OneOf(PHONE_COUNTRIES, error=MESSAGES["phoneCountry"]))
        metadata["pattern"] = "^[A-Z]{2}$"
        metadata["description"] = (
            "The ISO 3166 code of the country the phone number was typed in, one phonenumbers knows;"
            f" {DEFAULT_PHONE_COUNTRY} when none is sent."
        )
    if spec["type"] in ("tel", "international-phone"):
        metadata["description"] = (
            "As the visitor typed it: read in phoneCountry's country, or as written when it starts"
            " with + and the country code. Stored in E.164."
        )
    options = {"required": spec["required"], "error_messages": error_messages, "metadata": metadata}
    if spec["type"] == "country":
        # The service's own answer, from the phone number: a value sent is not read.
        return fields.String(
            dump_only=True,
            metadata={"description": "Not read: the service names the country the phone number belongs to."},
        )
    if spec["type"] in ("tel", "international-phone"):
        # Its rules are checked on the text as typed, before it is read as a number.
        message = messages.get("phone", MESSAGES["phone"])
        return Phone(checks=_first_failure(validators), message=message, **options)
    return fields.String(validate=_first_failure(validators), **options)


def _schema(name: str) -> Schema:
    fields_ = {key: _field(spec) for key, spec in FORMS["forms"][name]["fields"].items()}
    return LeadSchema.from_dict(fields_, name=f"{name[0].upper()}{name[1:]}Schema")()


SCHEMAS = {name: _schema(name) for name in FORMS["forms"]}
CONTACT_FORMS = sorted(name for name, form in FORMS["forms"].items() if form["endpoint"] == "/api/contact")


def contact_schema(form: Any) -> Schema:
    """The header modal and the case-studies page share /api/contact with different rules."""
    if form not in CONTACT_FORMS:
        raise ValidationError({"form": [MESSAGES["unknownForm"]]})
    return SCHEMAS[form]


class JsonBoolean(fields.Boolean):
    """Only JSON's true and false: "yes", 1 or "on" would make a consent record ambiguous."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class ConsentSchema(Schema):
    """A cookie choice as the site's consent banner posts it (POST /api/consent)."""

    class Meta:
        unknown = EXCLUDE

    error_messages: ClassVar[dict[str, str]] = {"type": "Send the consent as a JSON object."}

    consent_id = fields.UUID(required=True)
    essential = JsonBoolean(
        required=True, validate=validate.Equal(True, error="Essential cookies are always on.")
    )
    analytics = JsonBoolean(required=True)
    marketing = JsonBoolean(required=True)
    version = fields.String(
        required=True,
        validate=validate.Regexp(
            re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$", re.ASCII),
            error="Send the cookie policy's version, as cookie-policy.json gives it.",
        ),
    )

    @post_load
    def canonical_id(self, data: dict[str, Any], **_kwargs: Any) -> dict[str, Any]:
        return {**data, "consent_id": str(data["consent_id"])}


CONSENT_SCHEMA = ConsentSchema()
