"""How the team is set up to receive leads: the assignment rules, the groups they share leads among,
and each person's availability, kept by admins."""
