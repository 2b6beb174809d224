"""The sales mailbox the mailbox reader reads, in the tests: Debian's Dovecot, a real IMAP server,
started on a free 127.0.0.1 port with a configuration of its own in a temporary folder (plain
text logins without TLS, for one user), and stopped with the test. Mail comes in by IMAP's APPEND,
as a delivery would file it. The folder is one of its own, not pytest's: Dovecot's login and mail
processes run as users of their own, who must be able to reach it."""

import imaplib
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from email.message import EmailMessage
from pathlib import Path

from .ports import free_port
from .receivers import wait_for

DOVECOT = shutil.which("dovecot") or "/usr/sbin/dovecot"

_CONFIG = """\
protocols = imap
listen = 127.0.0.1
base_dir = {home}/run
state_dir = {home}/state
log_path = {home}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:{home}/mail/%u
default_login_user = {login_user}
default_internal_user = {internal_user}
first_valid_uid = 1
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {home}/passwd
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={home}/mail/%u
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
"""


class Dovecot:
    USER = "sales"
    PASSWORD = "mailbox-password"

    def __init__(self):
        self.home = Path(tempfile.mkdtemp(prefix="dovecot-"))
        self.home.chmod(0o755)
        self.port = free_port()
        self._process: subprocess.Popen | None = None

    def _users(self) -> dict[str, object]:
        """Run by root, as Debian's package sets it up (its own users, the mail under nobody's);
        by anyone else, all as themselves."""
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            return {
                "login_user": "dovenull",
                "internal_user": "dovecot",
                "uid": nobody.pw_uid,
                "gid": nobody.pw_gid,
            }
        me = pwd.getpwuid(os.geteuid())
        return {"login_user": me.pw_name, "internal_user": me.pw_name, "uid": me.pw_uid, "gid": me.pw_gid}

    def start(self) -> "Dovecot":
        users = self._users()
        for folder in ("run", "state", "mail"):
            (self.home / folder).mkdir(parents=True, exist_ok=True)
        os.chown(self.home / "mail", users["uid"], users["gid"])
        (self.home / "passwd").write_text(f"{self.USER}:{{PLAIN}}{self.PASSWORD}\n")
        config = self.home / "dovecot.conf"
        config.write_text(_CONFIG.format(home=self.home, port=self.port, **users))
        self._process = subprocess.Popen(
            [DOVECOT, "-F", "-c", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        wait_for(
            self._answers, timeout=20, what=f"Dovecot on port {self.port} (log: {self.home}/dovecot.log)"
        )
        return self

    def _answers(self) -> bool:
        if self._process.poll() is not None:
            log = self.home / "dovecot.log"
            raise AssertionError(f"Dovecot stopped: {log.read_text() if log.exists() else 'no log'}")
        try:
            with imaplib.IMAP4("127.0.0.1", self.port, timeout=2) as imap:
                imap.login(self.USER, self.PASSWORD)
            return True
        except (OSError, imaplib.IMAP4.error):  # not listening yet, or its login process not up yet
            return False

    def stop(self) -> None:
        if self._process and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(10)
            except subprocess.TimeoutExpired:
                self._process.kill()
        shutil.rmtree(self.home, ignore_errors=True)

    def settings(self) -> dict[str, object]:
        """The service's configuration for this mailbox."""
        return {
            "IMAP_HOST": "127.0.0.1",
            "IMAP_PORT": self.port,
            "IMAP_SECURITY": "none",
            "IMAP_USERNAME": self.USER,
            "IMAP_PASSWORD": self.PASSWORD,
            "IMAP_FOLDER": "INBOX",
        }

    def deliver(self, *messages: EmailMessage | bytes, folder: str = "INBOX") -> None:
        """Files each message into the folder, as the mail server would on its arrival."""
        with imaplib.IMAP4("127.0.0.1", self.port, timeout=10) as imap:
            imap.login(self.USER, self.PASSWORD)
            for message in messages:
                raw = message if isinstance(message, bytes) else message.as_bytes()
                status, _ = imap.append(folder, None, imaplib.Time2Internaldate(time.time()), raw)
                assert status == "OK", status

    def flags(self, folder: str = "INBOX") -> list[bytes]:
        """Each message's flags, in order: what a reader has changed."""
        with imaplib.IMAP4("127.0.0.1", self.port, timeout=10) as imap:
            imap.login(self.USER, self.PASSWORD)
            imap.select(folder, readonly=True)
            _, data = imap.fetch("1:*", "(FLAGS)")
            return [] if data == [None] else [line for line in data if line]
