"""The service's tables, one module per side: the leads and what the public side writes with them
(leads.py), and the staff side's (staff.py). Both are imported here, so that the metadata, and the
migrations' drift check, sees every table."""

from . import leads as leads
from . import staff as staff
