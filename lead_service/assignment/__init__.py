"""Who is given each new lead, without anyone sorting: the admins' rules, tried in order
(`conditions.py`: which leads a rule takes), and the person a rule names or finds free in its
group (`placing.py`). The outbox worker runs them just after the lead is committed, so intake
does no more than queue them."""
