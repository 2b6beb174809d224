"""The inbox tests' staff, stored leads and outbox run by e-mail (tests/inbox/conftest.py), for the
tests of who the assignment rules give leads to. A module that makes staff also imports the inbox's
clean-up, no_staff_left, which is autouse."""

from ..inbox.conftest import add, colleague, emailed, staff_user  # noqa: F401 (fixtures)
