"""Stand-in for starlette/fastapi TestClient that talks to a running `coworkenv serve`.

The OpenEnv tests build an in-process FastAPI app and wrap it in TestClient(app).
Here the app argument is ignored and every request goes to COWORKENV_URL
(HTTP via httpx, WebSocket via websockets' sync client). Only the transport
changes: the request paths, bodies and assertions are the tests' own.
"""
import json
import os

import httpx
from websockets.sync.client import connect as ws_connect

SERVER_URL = os.environ.get("COWORKENV_URL", "http://127.0.0.1:8123")


def _ws_url(path: str) -> str:
    return SERVER_URL.replace("http://", "ws://").replace("https://", "wss://") + path


class _WebSocketSession:
    def __init__(self, url: str):
        self._url = url
        self._cm = None
        self._ws = None

    def __enter__(self):
        self._cm = ws_connect(self._url, max_size=None, open_timeout=10)
        self._ws = self._cm.__enter__()
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def send_text(self, text: str) -> None:
        self._ws.send(text)

    def send_json(self, data) -> None:
        self._ws.send(json.dumps(data))

    def receive_text(self) -> str:
        msg = self._ws.recv(timeout=30)
        return msg if isinstance(msg, str) else msg.decode()

    def receive_json(self):
        return json.loads(self.receive_text())

    def close(self, code: int = 1000) -> None:
        if self._cm is not None:
            cm, self._cm = self._cm, None
            try:
                self._ws.close(code)
                cm.__exit__(None, None, None)
            except Exception:
                pass


class TestClient:
    __test__ = False  # not a pytest class

    def __init__(self, app=None, *args, **kwargs):
        self._http = httpx.Client(base_url=SERVER_URL, timeout=30)

    def get(self, url, **kw):
        return self._http.get(url, **kw)

    def post(self, url, **kw):
        return self._http.post(url, **kw)

    def delete(self, url, **kw):
        return self._http.delete(url, **kw)

    def websocket_connect(self, path: str, **kw):
        return _WebSocketSession(_ws_url(path))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._http.close()
        return False
