"""Serving the home page: `next start`, the reverse proxy of deploy/nginx.conf in front of it
(its micro-cache answering), and nginx serving the same prerendered HTML file."""

import subprocess
from pathlib import Path

from tests.support.servers import free_port, reverse_proxy, spawn, stop, wait_until_up, web

from .load import wrk

WEB = Path(__file__).resolve().parent.parent / "web"

NGINX_CONF = """
daemon off;
worker_processes auto;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  client_body_temp_path {tmp}/client;
  proxy_temp_path {tmp}/proxy;
  fastcgi_temp_path {tmp}/fastcgi;
  uwsgi_temp_path {tmp}/uwsgi;
  scgi_temp_path {tmp}/scgi;
  server {{
    listen 127.0.0.1:{port};
    root {pages};
    location = / {{ default_type text/html; try_files /index.html =404; }}
  }}
}}
"""


def page_throughput(tmp: Path) -> dict[str, dict]:
    no_service = f"http://127.0.0.1:{free_port()}"
    with web(tmp, no_service) as site:
        next_start = wrk(f"{site}/", connections=32)
        proxy_tmp = tmp / "proxy"
        proxy_tmp.mkdir()
        with reverse_proxy(proxy_tmp, site, no_service) as proxy:
            proxied = wrk(f"{proxy}/", connections=32)
    port = free_port()
    conf = tmp / "nginx.conf"
    conf.write_text(NGINX_CONF.format(tmp=tmp, port=port, pages=WEB / ".next/server/app"))
    subprocess.run(["nginx", "-t", "-c", str(conf), "-p", str(tmp)], check=True, capture_output=True)
    nginx = spawn(["nginx", "-c", str(conf), "-p", str(tmp)], {}, tmp / "nginx.log")
    try:
        wait_until_up(f"http://127.0.0.1:{port}/", nginx, tmp / "nginx.log")
        static = wrk(f"http://127.0.0.1:{port}/", connections=32)
    finally:
        stop(nginx)
    return {
        "next start": next_start,
        "deploy/nginx.conf in front of next start": proxied,
        "nginx, the prerendered file": static,
    }
