"""What is read across the leads: the dashboard, the CSV export, the audit trail, and erasure by
address."""
