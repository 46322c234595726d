"""Server-sent events (`text/event-stream`) as an iterator."""

from __future__ import annotations

import json
from dataclasses import dataclass
from http.client import HTTPResponse
from typing import TYPE_CHECKING, Generic, Iterator, List, Optional, TypeVar, Union, cast

from ._errors import APIResponseValidationError
from ._models import Converter, ResponseMismatch, check, construct

if TYPE_CHECKING:
    from ._base_client import BufferedResponse

__all__ = ["ServerSentEvent", "Stream", "STRICT_STREAM_ATTRIBUTE"]

STRICT_STREAM_ATTRIBUTE = "_sdk_strict_response_validation"
"""Set (to the request method) on a response a strict client opened: its events are checked."""

T = TypeVar("T")


@dataclass(frozen=True)
class ServerSentEvent:
    """One event of the stream."""

    event: Optional[str]
    data: str
    id: Optional[str]
    retry: Optional[int]

    def json(self) -> object:
        """The data decoded as JSON."""
        decoded: object = json.loads(self.data)
        return decoded


def iter_events(lines: Iterator[bytes]) -> Iterator[ServerSentEvent]:
    """Parses an event stream (https://html.spec.whatwg.org/multipage/server-sent-events.html)."""
    event: Optional[str] = None
    data: List[str] = []
    last_id: Optional[str] = None
    retry: Optional[int] = None
    for raw in lines:
        line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
        if line == "":
            if data or event is not None:
                yield ServerSentEvent(event=event, data="\n".join(data), id=last_id, retry=retry)
            event, data, retry = None, [], None
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(":")
        if value.startswith(" "):
            value = value[1:]
        if field == "event":
            event = value
        elif field == "data":
            data.append(value)
        elif field == "id":
            last_id = value
        elif field == "retry" and value.isdigit():
            retry = int(value)
    if data:
        yield ServerSentEvent(event=event, data="\n".join(data), id=last_id, retry=retry)


class Stream(Generic[T]):
    """Iterates the events of a streaming response, yielding each event's data.

    With `decode_json` the data is decoded as JSON (a `[DONE]` event ends the stream); otherwise
    the raw data string is yielded. Use `events()` for the full events. Close it (or use `with`)
    to release the connection early.
    """

    def __init__(self, response: Union[HTTPResponse, "BufferedResponse"], *, decode_json: bool = True, item: Converter = None) -> None:
        self.response = response
        self._decode_json = decode_json
        self._item = item

    def events(self) -> Iterator[ServerSentEvent]:
        """The raw events."""
        try:
            yield from iter_events(iter(self.response.readline, b""))
        finally:
            self.close()

    def __iter__(self) -> Iterator[T]:
        for event in self.events():
            if self._decode_json:
                if event.data.strip() == "[DONE]":
                    break
                data = event.json()
                method: object = getattr(self.response, STRICT_STREAM_ATTRIBUTE, None)
                if isinstance(method, str) and self._item is not None:
                    self._check(method, data)
                yield cast(T, construct(self._item, data))
            else:
                yield cast(T, event.data)

    def _check(self, method: str, data: object) -> None:
        try:
            check(self._item, data)
        except ResponseMismatch as mismatch:
            url: object = getattr(self.response, "url", None)
            raise APIResponseValidationError(
                "An event does not match the API description: " + str(mismatch),
                method=method,
                url=url if isinstance(url, str) else "",
                status_code=self.response.status,
                body=data,
                headers={key: value for key, value in self.response.headers.items()},
                path=mismatch.path,
                expected=mismatch.expected,
            ) from None

    def close(self) -> None:
        """Closes the connection."""
        self.response.close()

    def __enter__(self) -> "Stream[T]":
        return self

    def __exit__(self, *args: object) -> None:
        self.close()
