"""The service's tables, one module per side: the leads and what the public side writes with them
(leads.py), the staff side's (staff.py), the leads' conversations (conversation.py), who is
given each lead (assignment.py), the deals (deals.py) and the people merged across addresses
(people.py), the webhook endpoints and their deliveries (webhooks.py), and the dashboard's past
days (dashboard.py). All are imported here, so that the metadata, and the migrations' drift check,
sees every table."""

from . import assignment as assignment
from . import conversation as conversation
from . import dashboard as dashboard
from . import deals as deals
from . import leads as leads
from . import people as people
from . import staff as staff
from . import webhooks as webhooks
