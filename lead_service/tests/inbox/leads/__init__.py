"""The leads as the team works them, as leads/ serves them: the list, a lead, its work, notes,
replies and answers."""
