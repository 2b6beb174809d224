"""gunicorn settings, from the environment so that containers and `make run` share one file."""

import os


def _env(name: str, default: str) -> str:
    # Set but empty (as docker-compose passes an unset .env entry) means the default too.
    return os.environ.get(name, "").strip() or default


bind = _env("BIND", "127.0.0.1:5000")
workers = int(_env("WEB_CONCURRENCY", "2"))
threads = int(_env("GUNICORN_THREADS", "4"))
timeout = int(_env("GUNICORN_TIMEOUT", "30"))
# On SIGTERM, requests in flight get this long to finish, so an accepted lead is still committed.
graceful_timeout = int(_env("GUNICORN_GRACEFUL_TIMEOUT", "30"))
keepalive = 5
accesslog = "-"
errorlog = "-"
loglevel = _env("LOG_LEVEL", "info").lower()
# No client address and no query string: the access log holds nothing personal about a visitor.
access_log_format = '%(t)s "%(m)s %(U)s" %(s)s %(B)s %(M)sms'
forwarded_allow_ips = _env("FORWARDED_ALLOW_IPS", "127.0.0.1")
# No gunicornc control socket: nobody uses it, and it would be written under $HOME, which the
# image's user does not have and a read-only container could not write.
control_socket_disable = True
