"""Raw responses: `client.with_raw_response.<resource>.<method>(...)` returns a `RawResponse`.

The wrapped method runs exactly as usual (same request, retries and parsing); a marker in its
`extra_headers` (removed before the request is sent) asks the client to record the HTTP response
of the call, which the wrapper returns beside the parsed value. Nothing is kept per client or per
thread, so a wrapper that calls the methods on other threads gets the same behaviour.
"""

from __future__ import annotations

import functools
import json
import threading
import uuid
from http.client import HTTPResponse
from typing import TYPE_CHECKING, Callable, Dict, Generic, Mapping, Optional, ParamSpec, TypeVar, Union, cast

from ._pagination import SyncPage
from ._streaming import Stream

if TYPE_CHECKING:
    from ._base_client import BufferedResponse

__all__ = ["RAW_RESPONSE_HEADER", "RawResponse", "record_body", "record_response", "to_raw_response_wrapper", "capture_id"]

P = ParamSpec("P")
R = TypeVar("R")

RAW_RESPONSE_HEADER = "X-Py-Sdk-Raw-Response"
"""The marker `extra_headers` key (never sent)."""


class _Capture:
    def __init__(self) -> None:
        self.method = ""
        self.url = ""
        self.status_code: Optional[int] = None
        self.headers: Dict[str, str] = {}
        self.body: Optional[bytes] = None
        self.response: Optional[Union[HTTPResponse, "BufferedResponse"]] = None


_lock = threading.Lock()
_captures: Dict[str, _Capture] = {}


def capture_id(headers: Optional[Mapping[str, str]]) -> Optional[str]:
    """The capture id a raw-response call put in `extra_headers`, if any."""
    if not headers:
        return None
    for key, value in headers.items():
        if key.lower() == RAW_RESPONSE_HEADER.lower():
            return value
    return None


def record_response(capture: Optional[str], *, method: str, url: str, response: Union[HTTPResponse, "BufferedResponse"]) -> None:
    """Records the first HTTP response of a raw-response call (later ones, e.g. next pages, are ignored)."""
    if capture is None:
        return
    with _lock:
        entry = _captures.get(capture)
        if entry is None or entry.status_code is not None:
            return
        entry.method = method
        entry.url = url
        entry.status_code = response.status
        entry.headers = {key.lower(): value for key, value in response.headers.items()}
        entry.response = response


def record_body(capture: Optional[str], response: Union[HTTPResponse, "BufferedResponse"], body: bytes) -> None:
    """Records the body read from the recorded response."""
    if capture is None:
        return
    with _lock:
        entry = _captures.get(capture)
        if entry is not None and entry.response is response:
            entry.body = body


class RawResponse(Generic[R]):
    """The HTTP response of a call, beside its parsed value (`parse()`).

    `status_code`, `headers` (lower-case names), `method` and `url` (the final URL, after
    redirects) describe the exchange. `content`/`text()`/`json()` give the body as received; for a
    streaming method the body is the stream itself (reading it here consumes the events).
    """

    status_code: int
    headers: Dict[str, str]
    method: str
    url: str

    def __init__(self, capture: _Capture, parsed: R) -> None:
        self.status_code = capture.status_code if capture.status_code is not None else 0
        self.headers = dict(capture.headers)
        self.method = capture.method
        self.url = capture.url
        self._body = capture.body
        self._response = capture.response
        self._parsed = parsed

    @property
    def request_id(self) -> Optional[str]:
        """The `x-request-id` (or `request-id`) response header."""
        return self.headers.get("x-request-id") or self.headers.get("request-id")

    def parse(self) -> R:
        """The value the method returns without `with_raw_response` (a model, a page iterator, a stream, ...)."""
        return self._parsed

    @property
    def content(self) -> bytes:
        """The response body."""
        if self._body is None:
            if self._response is None:
                return b""
            try:
                self._body = self._response.read()
            finally:
                self._response.close()
        return self._body

    def text(self) -> str:
        """The body decoded as UTF-8."""
        return self.content.decode("utf-8", errors="replace")

    def json(self) -> object:
        """The body decoded as JSON."""
        decoded: object = json.loads(self.text())
        return decoded

    def __repr__(self) -> str:
        return f"<RawResponse [{self.status_code}] {self.method} {self.url}>"


def to_raw_response_wrapper(func: Callable[P, R]) -> Callable[P, RawResponse[R]]:
    """The method `func`, returning a `RawResponse` of its first HTTP response (a list method fetches its first page)."""

    @functools.wraps(func)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> RawResponse[R]:
        capture = uuid.uuid4().hex
        entry = _Capture()
        with _lock:
            _captures[capture] = entry
        try:
            given = kwargs.get("extra_headers")
            extra: Dict[str, str] = dict(cast("Mapping[str, str]", given)) if given is not None else {}
            extra[RAW_RESPONSE_HEADER] = capture
            kwargs["extra_headers"] = extra
            result = func(*args, **kwargs)
            parsed: R = result  # returned as is (the checks below narrow `result` only)
            if isinstance(result, SyncPage):
                cast("SyncPage[object]", result).prefetch()
        finally:
            with _lock:
                _captures.pop(capture, None)
        if entry.status_code is None:
            raise RuntimeError("The method made no request to take the raw response of.")
        if isinstance(result, Stream):
            entry.body = None  # the stream reads the body
        return RawResponse(entry, parsed)

    return wrapped
