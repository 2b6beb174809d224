"""Webhook endpoints, which admins keep in the inbox (inbox/team/webhooks_api.py): an event recorded
for each endpoint that wants it (events.py), the address a delivery may reach (addresses.py), its
signature by the Standard Webhooks specification (signing.py) and one POST of it (sending.py). The
outbox worker delivers them (outbox/webhook_delivery.py). See docs/integrations.md "Webhooks"."""
