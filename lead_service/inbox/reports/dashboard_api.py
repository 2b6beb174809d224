"""The sales team's dashboard: GET /api/inbox/dashboard, for every staff role. It shows counts, no
lead's data, so reading it is not on the audit trail."""

from marshmallow import Schema, fields, validate

from ...intake import contract
from ..auth.guard import staff
from . import dashboard, forecast

bp = contract.Blueprint("inbox_dashboard", __name__, url_prefix="/api/inbox")


# What the answer holds: the view's answer is dumped through these schemas, so that the answer is
# what the OpenAPI document shows.
class InboxDashboardForm(Schema):
    name = fields.String(required=True)
    title = fields.String(required=True, metadata={"description": "The form's title, as the site shows it."})


class InboxDashboardDay(Schema):
    day = fields.Date(required=True, metadata={"description": "A UTC day."})
    counts = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata={"description": "The day's leads of each form, by the form's name."},
    )


class InboxDashboardCount(Schema):
    label = fields.String(required=True)
    count = fields.Integer(required=True)


class InboxDashboardResponse(Schema):
    counted = fields.Integer(
        required=True,
        metadata={"description": "The period's leads answered, or whose working day has passed unanswered."},
    )
    in_time = fields.Integer(
        required=True, metadata={"description": "Of those, the leads answered within one working day."}
    )
    share = fields.Float(required=True, allow_none=True, metadata={"description": "in_time / counted."})
    answered = fields.Integer(required=True, metadata={"description": "The period's leads answered."})
    median_seconds = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "The median time from a lead's arrival to its first response."},
    )


class InboxDashboard(Schema):
    since = fields.Date(required=True, metadata={"description": "The period's first UTC day."})
    until = fields.Date(required=True, metadata={"description": "The period's last UTC day: today."})
    days = fields.Integer(required=True)
    forms = fields.List(fields.Nested(InboxDashboardForm), required=True)
    daily = fields.List(
        fields.Nested(InboxDashboardDay), required=True, metadata={"description": "Every day, oldest first."}
    )
    total = fields.Integer(required=True)
    sources = fields.List(fields.Nested(InboxDashboardCount), required=True)
    landing_pages = fields.List(fields.Nested(InboxDashboardCount), required=True)
    response = fields.Nested(InboxDashboardResponse, required=True)


@bp.get("/dashboard")
@staff()
@bp.response(
    200,
    InboxDashboard,
    description="The leads of the last 90 UTC days, today included, spam left out: each day's by form"
    ' (every day, oldest first); by source (UTM source, else referring host, else "Direct") and by'
    ' landing page (else "Not recorded"), the 10 largest and the rest as "Other"; the share answered'
    " within one working day (the first response by 24 hours of weekday time after the lead came,"
    " Saturday and Sunday in UTC not counting, among the leads answered or whose deadline has passed);"
    " and the median time to a first response of those answered.",
)
def show_dashboard():
    """Where the last 90 days' leads came from and how fast the team answered them."""
    return dashboard.figures()


class InboxForecastMonth(Schema):
    month = fields.String(required=True, metadata={"description": "YYYY-MM of the expected close."})
    currency = fields.String(required=True)
    deals = fields.Integer(required=True)
    value_minor = fields.Integer(required=True)
    weighted_minor = fields.Integer(
        required=True, metadata={"description": "The value times the stage's probability, in minor units."}
    )


class InboxClosedMonth(Schema):
    month = fields.String(required=True, metadata={"description": "YYYY-MM it was won or lost."})
    outcome = fields.String(required=True, validate=validate.OneOf(("won", "lost")))
    currency = fields.String(required=True)
    deals = fields.Integer(required=True)
    value_minor = fields.Integer(required=True)
    reasons = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata={"description": "Lost: by reason."},
    )


class InboxForecast(Schema):
    open = fields.List(
        fields.Nested(InboxForecastMonth), required=True, metadata={"description": "By month."}
    )
    closed = fields.List(
        fields.Nested(InboxClosedMonth), required=True, metadata={"description": "By month."}
    )
    median_days_to_win = fields.Float(
        required=True, allow_none=True, metadata={"description": "From a lead's arrival to its deal's win."}
    )


@bp.get("/forecast")
@staff()
@bp.response(200, InboxForecast, description="The weighted pipeline by month, and what was won and lost.")
def read_forecast():
    """The forecast: open deals weighted by their stage's probability, by month of expected close and
    currency; deals won and lost by month, the lost by reason; the median days to a win."""
    return forecast.forecast()
