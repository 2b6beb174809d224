"""What a request passes on its way in: rate limits, the Idempotency-Key, Turnstile, and the storage
that commits a lead with its notification and key; security headers on the way out."""
