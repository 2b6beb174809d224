"""Who may use the inbox: staff users, their sign-in with a password and a second factor, sessions,
the guard every inbox call passes, the throttle on failed tries, invitations, the account page and
the `users` command."""
