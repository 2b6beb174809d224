"""What the assignment's views take and answer: a rule's conditions (each from the lists the forms
offer, or, for a source, as the dashboard names it) and its target, a group's members, a person's
availability and the alert of a lead left with nobody."""

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate, validates_schema

from ...models.assignment import TARGETS
from ...schemas import FORMS, PHONE_COUNTRIES, characters
from ..leads.filters import FORM_NAMES, an_id
from ..leads.staff_person import InboxPerson
from ..leads.written import written

BUDGETS = tuple(FORMS["forms"]["quote"]["fields"]["budget"]["options"])
COUNTRIES = tuple(sorted(set(PHONE_COUNTRIES.values())))
MAX_NAME_LENGTH = 100
MAX_SOURCES, MAX_SOURCE_LENGTH = 20, 200
MAX_CAP = 10_000
MAX_ALERT_MINUTES = 7 * 24 * 60


def _choices(name: str, values: tuple[str, ...], description: str) -> fields.List:
    """A list of `values`, checked by a plain function rather than OneOf, so that the document says
    where they come from instead of listing every country."""
    allowed = frozenset(values)

    def listed(value: str) -> None:
        if value not in allowed:
            raise ValidationError(f"Choose {name} from the list.")

    return fields.List(
        fields.String(validate=listed),
        load_default=list,
        validate=validate.Length(max=len(values)),
        metadata={"description": f"{description} Empty: any."},
    )


class RuleChange(Schema):
    class Meta:
        unknown = EXCLUDE

    name = written("rule's name", MAX_NAME_LENGTH, "text")
    forms = _choices("forms", FORM_NAMES, "Keys of the site's forms.")
    countries = _choices("countries", COUNTRIES, "Names from the forms' country list.")
    budgets = _choices("budgets", BUDGETS, "The quote form's budget options.")
    sources = fields.List(
        fields.String(
            validate=[
                validate.Length(min=1, max=MAX_SOURCE_LENGTH, error="Keep a source to 200 characters."),
                characters({"type": "text"}),
            ]
        ),
        load_default=list,
        validate=validate.Length(max=MAX_SOURCES, error=f"Name at most {MAX_SOURCES} sources."),
        metadata={"description": "As the dashboard names them: a UTM source, a referring site or Direct."},
    )
    target = fields.String(
        required=True, validate=validate.OneOf(TARGETS, error="Choose whom the rule gives leads to.")
    )
    user_id = fields.Integer(
        load_default=None,
        allow_none=True,
        strict=True,
        validate=an_id("Choose someone from the list."),
        metadata={"description": "The person's, for person."},
    )
    group_id = fields.Integer(
        load_default=None,
        allow_none=True,
        strict=True,
        validate=an_id("Choose a group from the list."),
        metadata={"description": "The group's, otherwise."},
    )

    @validates_schema
    def _has_its_target(self, data: dict, **_: object) -> None:
        if data["target"] == "person" and data["user_id"] is None:
            raise ValidationError("Choose the person the rule gives leads to.", "user_id")
        if data["target"] != "person" and data["group_id"] is None:
            raise ValidationError("Choose the group the rule shares leads among.", "group_id")


class RuleOrder(Schema):
    class Meta:
        unknown = EXCLUDE

    rule_ids = fields.List(
        fields.Integer(strict=True),
        required=True,
        validate=validate.Length(max=1000),
        metadata={"description": "Every rule's id, in the order they are to be tried."},
    )


class GroupChange(Schema):
    class Meta:
        unknown = EXCLUDE

    name = written("group's name", MAX_NAME_LENGTH, "text")
    member_ids = fields.List(
        fields.Integer(strict=True, validate=an_id("Choose people from the list.")),
        required=True,
        validate=validate.Length(max=1000),
    )


class AvailabilityChange(Schema):
    class Meta:
        unknown = EXCLUDE

    away = fields.Boolean(required=True, metadata={"description": "Passed over by the rules while away."})
    open_leads_cap = fields.Integer(
        required=True,
        allow_none=True,
        strict=True,
        validate=validate.Range(min=1, max=MAX_CAP, error=f"Choose a cap from 1 to {MAX_CAP}, or none."),
        metadata={"description": "Passed over while holding this many open leads; null: no cap."},
    )


class AlertChange(Schema):
    class Meta:
        unknown = EXCLUDE

    minutes = fields.Integer(
        required=True,
        allow_none=True,
        strict=True,
        validate=validate.Range(
            min=1, max=MAX_ALERT_MINUTES, error=f"Choose from 1 to {MAX_ALERT_MINUTES} minutes, or none."
        ),
        metadata={"description": "Null: only leads no rule places are alerted of."},
    )


class InboxRule(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    forms = fields.List(fields.String(), required=True, metadata={"description": "Empty: any form."})
    countries = fields.List(fields.String(), required=True, metadata={"description": "Empty: any country."})
    budgets = fields.List(fields.String(), required=True, metadata={"description": "Empty: any budget."})
    sources = fields.List(fields.String(), required=True, metadata={"description": "Empty: any source."})
    target = fields.String(required=True, validate=validate.OneOf(TARGETS))
    person = fields.Nested(InboxPerson, required=True, allow_none=True)
    group = fields.Nested("InboxGroupName", required=True, allow_none=True)


class InboxGroupName(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)


class InboxGroup(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    members = fields.List(fields.Nested(InboxPerson), required=True, metadata={"description": "By name."})


class InboxAvailability(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    away = fields.Boolean(required=True)
    open_leads_cap = fields.Integer(required=True, allow_none=True)
    open_leads = fields.Integer(required=True)


class InboxUnownedAlert(Schema):
    minutes = fields.Integer(required=True, allow_none=True)
    updated_at = fields.DateTime(required=True, allow_none=True)
    updated_by = fields.Nested(InboxPerson, required=True, allow_none=True)


class InboxAssignment(Schema):
    rules = fields.List(fields.Nested(InboxRule), required=True, metadata={"description": "In order."})
    groups = fields.List(fields.Nested(InboxGroup), required=True, metadata={"description": "By name."})
    people = fields.List(
        fields.Nested(InboxAvailability),
        required=True,
        metadata={"description": "Everyone who may own a lead, by name."},
    )
    unowned_alert = fields.Nested(InboxUnownedAlert, required=True)
