"""The leads as the sales team works them: the list and its search, one lead's page, its status,
owner and notes, and spam review."""
