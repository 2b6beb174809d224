"""The `lead-service` commands beyond Flask's own: leads, outbox, profile and content."""
