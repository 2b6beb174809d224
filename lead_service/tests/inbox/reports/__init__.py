"""What is read across the leads, as reports/ serves it: the dashboard, export, audit trail,
erasure and response target."""
