"""The async client's runtime: the sync client's calls, run in a bounded pool of worker threads.

Every async method runs its sync twin in the client's own `ThreadPoolExecutor` (through
`loop.run_in_executor`), so the event loop never blocks and there is one HTTP stack (retries,
auth, errors) for both clients. When the awaiting task is cancelled (or `asyncio.wait_for` times
out), the request's socket is shut down from the event loop's thread: the worker blocked on it
returns at once (a retry back-off is cut short too) and its thread goes back to the pool.
"""

from __future__ import annotations

import asyncio
import http.client
import socket
import threading
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any, AsyncIterator, Awaitable, Callable, Generic, Iterator, List, Mapping, Optional, ParamSpec, Set, Tuple, TypeVar

from ._base_client import BaseClient
from ._pagination import PageResult, SyncPage
from ._response import RawResponse
from ._streaming import ServerSentEvent, Stream

__all__ = [
    "AbortableClient",
    "AsyncAPIResource",
    "AsyncPage",
    "AsyncRunner",
    "AsyncStream",
    "CallAborted",
    "DEFAULT_MAX_WORKERS",
    "to_async_raw_response_wrapper",
]

DEFAULT_MAX_WORKERS = 16
"""Worker threads per async client: at most this many of its requests are in flight at once."""

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")


class CallAborted(Exception):
    """Raised in a worker thread whose call was cancelled; the awaiting task sees CancelledError instead."""


def _shutdown(sock: socket.socket) -> None:
    # `socket.socket.shutdown`, not `SSLSocket.shutdown` (which drops the TLS object another thread is reading through).
    try:
        socket.socket.shutdown(sock, socket.SHUT_RDWR)
    except OSError:
        pass


class CallSlot:
    """The sockets of one call (or one stream), so another thread can abort it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sockets: List[socket.socket] = []
        self._aborted = threading.Event()

    @property
    def aborted(self) -> bool:
        return self._aborted.is_set()

    def register(self, sock: socket.socket) -> None:
        with self._lock:
            if not self._aborted.is_set():
                self._sockets.append(sock)
                return
        _shutdown(sock)
        raise CallAborted()

    def abort(self) -> None:
        """Shuts the call's sockets down (any thread): blocked reads and writes on them return."""
        with self._lock:
            self._aborted.set()
            sockets, self._sockets = self._sockets, []
        for sock in sockets:
            _shutdown(sock)

    def wait(self, seconds: float) -> bool:
        """Sleeps up to `seconds`; True when the call was aborted meanwhile."""
        return self._aborted.wait(seconds)


_local = threading.local()


def _current_slot() -> Optional[CallSlot]:
    slot: object = getattr(_local, "slot", None)
    return slot if isinstance(slot, CallSlot) else None


def _register(sock: Optional[socket.socket]) -> None:
    slot = _current_slot()
    if slot is not None and sock is not None:
        slot.register(sock)


def _create_connection(
    address: Tuple[str, int],
    timeout: Optional[float] = None,
    source_address: Optional[Tuple[str, int]] = None,
) -> socket.socket:
    """`socket.create_connection`, registering each socket with the current call before it connects."""
    host, port = address
    error: Optional[OSError] = None
    for family, kind, proto, _, sockaddr in socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM):
        sock = socket.socket(family, kind, proto)
        try:
            _register(sock)
            if isinstance(timeout, (int, float)):
                sock.settimeout(timeout)
            if source_address is not None:
                sock.bind(source_address)
            sock.connect(sockaddr)
            return sock
        except OSError as failure:
            error = failure
            sock.close()
        except BaseException:
            sock.close()
            raise
    raise error if error is not None else OSError("getaddrinfo returned no address for " + host)


class _HTTPConnection(http.client.HTTPConnection):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._create_connection = _create_connection


class _HTTPSConnection(http.client.HTTPSConnection):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._create_connection = _create_connection

    def connect(self) -> None:
        super().connect()
        _register(self.sock)  # the TLS socket (the plain one was detached by the handshake)


def _guarded(open_: Callable[[], http.client.HTTPResponse]) -> http.client.HTTPResponse:
    """Opens a connection; once the call is aborted, any failure is CallAborted (never retried)."""
    slot = _current_slot()
    if slot is not None and slot.aborted:
        raise CallAborted()
    try:
        return open_()
    except Exception:
        if slot is not None and slot.aborted:
            raise CallAborted() from None
        raise


class _HTTPHandler(urllib.request.HTTPHandler):
    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return _guarded(lambda: self.do_open(_HTTPConnection, req))


class _HTTPSHandler(urllib.request.HTTPSHandler):
    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return _guarded(lambda: self.do_open(_HTTPSConnection, req))


class AbortableClient(BaseClient):
    """Mixed into the sync client an async client runs: its requests can be aborted from another thread."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._opener = urllib.request.build_opener(_HTTPHandler(), _HTTPSHandler())

    def _retry_delay(self, attempt: int, headers: Optional[Mapping[str, str]]) -> float:
        delay = super()._retry_delay(attempt, headers)
        slot = _current_slot()
        if slot is None:
            return delay
        # The back-off is waited here, where an abort cuts it short; the caller's sleep is then 0.
        if slot.wait(max(delay, 0.0)):
            raise CallAborted()
        return 0.0


def _step(iterator: Iterator[T]) -> List[T]:
    """The iterator's next item in a list, or [] at its end (StopIteration cannot cross a future)."""
    for item in iterator:
        return [item]
    return []


class AsyncRunner:
    """The worker pool of one async client and the calls in flight on it."""

    def __init__(self, max_workers: int = DEFAULT_MAX_WORKERS) -> None:
        if max_workers < 1:
            raise ValueError("max_workers must be at least 1.")
        self.max_workers = max_workers
        self._pool = ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="sdk-async")
        self._in_flight: Set[CallSlot] = set()
        self._closed = False

    async def call(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Runs `fn(*args, **kwargs)` in the pool; cancelling the awaiting task aborts it."""
        return await self.call_in(CallSlot(), fn, *args, **kwargs)

    async def call_in(self, slot: CallSlot, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """`call`, with the sockets the call opens registered in `slot`."""
        if self._closed:
            raise RuntimeError("The client is closed.")
        loop = asyncio.get_running_loop()

        def work() -> R:
            _local.slot = slot
            try:
                if slot.aborted:
                    raise CallAborted()
                return fn(*args, **kwargs)
            finally:
                _local.slot = None

        self._in_flight.add(slot)
        try:
            return await loop.run_in_executor(self._pool, work)
        except asyncio.CancelledError:
            slot.abort()
            raise
        finally:
            self._in_flight.discard(slot)

    async def stream(self, fn: Callable[P, Stream[T]], *args: P.args, **kwargs: P.kwargs) -> AsyncStream[T]:
        """Opens a stream in the pool; the `AsyncStream` reads it there, event by event."""
        slot = CallSlot()
        return AsyncStream(self, await self.call_in(slot, fn, *args, **kwargs), slot)

    def close(self) -> None:
        """Aborts the calls in flight and shuts the pool down (without blocking)."""
        self._closed = True
        for slot in list(self._in_flight):
            slot.abort()
        self._pool.shutdown(wait=False, cancel_futures=True)


class AsyncAPIResource:
    """A group of async API methods: each runs the sync resource's method in the client's pool."""

    _async_runner: AsyncRunner

    def __init__(self, runner: AsyncRunner) -> None:
        self._async_runner = runner


class AsyncPage(Generic[T]):
    """`async for item in client.x.list(...)`: every item of every page; each page is fetched in the pool."""

    def __init__(self, runner: AsyncRunner, page: SyncPage[T]) -> None:
        self._runner = runner
        self._page = page

    async def iter_pages(self) -> AsyncIterator[PageResult[T]]:
        """Fetches and yields pages until the last one."""
        pages = self._page.iter_pages()

        def fetch() -> List[PageResult[T]]:
            return _step(pages)

        while True:
            found = await self._runner.call(fetch)
            if not found:
                return
            yield found[0]

    async def _items(self) -> AsyncIterator[T]:
        async for page in self.iter_pages():
            for item in page.items:
                yield item

    def __aiter__(self) -> AsyncIterator[T]:
        return self._items()

    async def first_page(self) -> PageResult[T]:
        """Only the first page."""
        return await self._runner.call(self._page.first_page)


class AsyncStream(Generic[T]):
    """`async for event in stream`: the sync stream, read in the pool one event at a time.

    Cancelling a read aborts the stream; `close()` (or `async with`) releases it early.
    """

    def __init__(self, runner: AsyncRunner, stream: Stream[T], slot: CallSlot) -> None:
        self._runner = runner
        self._stream = stream
        self._slot = slot
        self._iterator: Optional[Iterator[T]] = None
        self._reading = False

    def __aiter__(self) -> AsyncStream[T]:
        return self

    async def __anext__(self) -> T:
        if self._iterator is None:
            self._iterator = iter(self._stream)
        found = await self._read(self._iterator)
        if not found:
            raise StopAsyncIteration
        return found[0]

    async def _read(self, iterator: Iterator[R]) -> List[R]:
        def read() -> List[R]:
            return _step(iterator)

        self._reading = True
        try:
            return await self._runner.call_in(self._slot, read)
        finally:
            self._reading = False

    async def events(self) -> AsyncIterator[ServerSentEvent]:
        """The raw events (use either this or iteration, not both)."""
        events = self._stream.events()
        while True:
            found = await self._read(events)
            if not found:
                return
            yield found[0]

    async def close(self) -> None:
        """Closes the connection (a read in flight returns at once)."""
        self._slot.abort()
        if not self._reading:
            self._stream.close()

    async def __aenter__(self) -> AsyncStream[T]:
        return self

    async def __aexit__(self, *args: object) -> None:
        await self.close()


def to_async_raw_response_wrapper(
    runner: AsyncRunner, func: Callable[P, RawResponse[R]]
) -> Callable[P, Awaitable[RawResponse[R]]]:
    """A `with_raw_response` method of the sync client, awaitable: it runs in the pool like every async call.

    A list method's raw response is its first page, already read; `parse()` gives the sync page,
    whose further pages would be fetched in the calling thread: iterate the async method's
    `AsyncPage` instead to page without blocking the event loop.
    """

    async def wrapped(*args: P.args, **kwargs: P.kwargs) -> RawResponse[R]:
        return await runner.call(func, *args, **kwargs)

    return wrapped
