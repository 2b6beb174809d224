"""The sales mailbox read back: the leads' answers filed into their conversations by a process of
its own (`lead-service mailbox run`), which no notification waits on; every message bounded in size
and time before any work on it, and one that cannot be filed set aside for staff to see."""
