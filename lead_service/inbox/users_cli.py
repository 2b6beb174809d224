"""`lead-service users ...`: the staff accounts, managed from the command line only."""

import click


@click.group()
def users():
    """Staff accounts of the lead inbox."""
