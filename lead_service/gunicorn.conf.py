"""gunicorn settings, from the environment so that containers and `make run` share one file."""

import os

bind = os.environ.get("BIND", "127.0.0.1:5000")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# On SIGTERM, requests in flight get this long to finish, so an accepted lead is still committed.
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "30"))
keepalive = 5
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
# No client address and no query string: the access log holds nothing personal about a visitor.
access_log_format = '%(t)s "%(m)s %(U)s" %(s)s %(B)s %(M)sms'
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
