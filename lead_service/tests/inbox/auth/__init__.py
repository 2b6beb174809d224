"""The inbox's sign-in, second factor, invitations, account and staff users, as auth/ serves them."""
