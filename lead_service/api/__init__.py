"""The HTTP API, one blueprint per concern: leads, consent, the profile download, health probes and
the OpenAPI document."""
