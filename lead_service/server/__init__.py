"""The service as gunicorn runs it: the WSGI app (`wsgi.py`), gunicorn's settings
(`gunicorn.conf.py`) and the metrics endpoint it starts beside its workers (`exposition.py`)."""
