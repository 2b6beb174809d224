"""A TCP proxy on a free 127.0.0.1 port that a test can cut, as a network fault between the service
and its database would: open connections are torn down and new ones closed at once, until it is
restored."""

import contextlib
import socket
import threading


class TcpProxy:
    def __init__(self, host: str, port: int):
        self._target = (host, port)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._lock = threading.Lock()
        self._open = True
        self._sockets: set[socket.socket] = set()

    def start(self) -> "TcpProxy":
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def cut(self) -> None:
        with self._lock:
            self._open = False
            for sock in self._sockets:
                self._close(sock)
            self._sockets.clear()

    def restore(self) -> None:
        with self._lock:
            self._open = True

    def stop(self) -> None:
        self.cut()
        self._listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return  # stopped
            with self._lock:
                if not self._open:
                    self._close(client)
                    continue
            try:
                upstream = socket.create_connection(self._target, timeout=5)
                upstream.settimeout(None)
            except OSError:
                self._close(client)
                continue
            with self._lock:
                self._sockets |= {client, upstream}
            for source, target in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(source, target), daemon=True).start()

    def _pipe(self, source: socket.socket, target: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                target.sendall(data)
        except OSError:
            pass
        finally:
            self._close(source)
            self._close(target)

    @staticmethod
    def _close(sock: socket.socket) -> None:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
        sock.close()
