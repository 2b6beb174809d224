"""The leads as the inbox reads them: the list with its filters, search and counts, a lead's detail."""

from flask import Blueprint

bp = Blueprint("inbox_leads", __name__, url_prefix="/api/inbox")
