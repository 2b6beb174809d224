"""The retention rules: erasure on request, the purge after the retention period, the keys' expiry."""
