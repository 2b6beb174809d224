"""A staff user as the inbox's answers name one (a lead's owner, a note's author...): their id and
name."""

from marshmallow import Schema, fields


class InboxPerson(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
