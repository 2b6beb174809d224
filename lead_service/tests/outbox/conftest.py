"""The inbox tests' staff, stored leads and outbox run by e-mail (tests/inbox/conftest.py), for the
tests of the e-mails the outbox sends to staff. Each is made only where a test asks for it; a
module that makes staff also imports the inbox's clean-up, no_staff_left, which is autouse."""

from ..inbox.conftest import add, emailed, staff_user  # noqa: F401 (fixtures)
