"""/api/v1/: the versioned API the team's other tools call with an API token (auth/api_tokens.py):
the leads, one lead, their changes, a lead's work and notes, the audit trail. What it answers
changes only compatibly (fields added); anything else will be /api/v2/."""
