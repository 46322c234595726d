"""Auto-pagination: iterate a list endpoint's items across pages (cursor, offset or page number)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, Generic, Iterator, List, Mapping, Optional, Sequence, Tuple, TypedDict, TypeVar, cast

from ._models import Converter, construct

if TYPE_CHECKING:
    from ._base_client import BaseClient

__all__ = ["PaginationScheme", "PageResult", "SyncPage"]

T = TypeVar("T")


class PaginationScheme(TypedDict, total=False):
    """How one API paginates: request parameter names and response field paths (dot-separated)."""

    style: str
    cursor_kind: str
    cursor_param: str
    limit_param: str
    offset_param: str
    page_param: str
    page_size_param: str
    items: str
    next_cursor: str
    has_more: str
    total: str


def _get(value: object, path: str) -> object:
    if path == "":
        return value
    for segment in path.split("."):
        if not isinstance(value, dict):
            return None
        value = cast("Dict[object, object]", value).get(segment)
    return value


@dataclass
class PageResult(Generic[T]):
    """One page: its items and the whole decoded response."""

    items: List[T]
    raw: object


class SyncPage(Generic[T]):
    """A lazily fetched, iterable sequence of pages. Iterating it yields every item of every page."""

    def __init__(
        self,
        client: "BaseClient",
        method: str,
        path: str,
        *,
        scheme: PaginationScheme,
        query: Optional[Mapping[str, object]] = None,
        query_styles: Optional[Mapping[str, Tuple[str, bool]]] = None,
        headers: Optional[Mapping[str, object]] = None,
        extra_headers: Optional[Mapping[str, str]] = None,
        extra_query: Optional[Mapping[str, object]] = None,
        timeout: Optional[float] = None,
        item: Converter = None,
        accept: Optional[str] = None,
        security: Optional[Sequence[Sequence[str]]] = None,
    ) -> None:
        self._client = client
        self._item = item
        self._method = method
        self._path = path
        self._scheme = scheme
        self._query: Dict[str, object] = dict(query or {})
        self._query_styles = query_styles
        self._headers = headers
        self._extra_headers = extra_headers
        self._extra_query = extra_query
        self._timeout = timeout
        self._accept = accept
        self._security = security
        self._first: Optional[object] = None

    def _fetch(self, path: str, query: Mapping[str, object]) -> object:
        return self._client.request(
            self._method,
            path,
            query=query,
            query_styles=self._query_styles,
            headers=self._headers,
            extra_headers=self._extra_headers,
            extra_query=self._extra_query,
            timeout=self._timeout,
            accept=self._accept,
            security=self._security,
            page_items=(self._scheme.get("items", ""), self._item) if self._item is not None else None,
        )

    def prefetch(self) -> None:
        """Fetches the first page now; the next iteration starts with it instead of fetching it again."""
        self._first = self._fetch(self._path, self._query)

    def iter_pages(self) -> Iterator[PageResult[T]]:
        """Fetches and yields pages until the last one."""
        scheme = self._scheme
        style = scheme.get("style", "cursor")
        query = dict(self._query)
        path = self._path
        seen = 0
        previous_cursor: object = None
        first, self._first = self._first, None
        while True:
            raw = first if first is not None else self._fetch(path, query)
            first = None
            found = _get(raw, scheme.get("items", ""))
            raw_items = cast("List[object]", found) if isinstance(found, list) else []
            items = [cast(T, construct(self._item, item)) for item in raw_items]
            yield PageResult(items=items, raw=raw)
            seen += len(items)
            if not items:
                return
            has_more_field = scheme.get("has_more")
            if has_more_field is not None and _get(raw, has_more_field) is False:
                return
            total_field = scheme.get("total")
            if total_field is not None:
                total = _get(raw, total_field)
                if isinstance(total, int) and not isinstance(total, bool) and seen >= total:
                    return
            if style == "cursor":
                kind = scheme.get("cursor_kind", "token")
                if kind == "id":
                    last = raw_items[-1]
                    cursor: object = cast("Dict[object, object]", last).get("id") if isinstance(last, dict) else None
                else:
                    cursor = _get(raw, scheme.get("next_cursor", ""))
                if cursor is None or cursor == "" or cursor == previous_cursor:
                    return
                previous_cursor = cursor
                if kind == "url":
                    path, query = str(cursor), {}
                else:
                    query[scheme.get("cursor_param", "cursor")] = cursor
            elif style == "offset":
                param = scheme.get("offset_param", "offset")
                start = query.get(param, 0)
                query[param] = (start if isinstance(start, int) else 0) + len(items)
            else:
                param = scheme.get("page_param", "page")
                current = query.get(param, 1)
                query[param] = (current if isinstance(current, int) else 1) + 1

    def __iter__(self) -> Iterator[T]:
        for page in self.iter_pages():
            yield from page.items

    def first_page(self) -> PageResult[T]:
        """Only the first page."""
        for page in self.iter_pages():
            return page
        raise RuntimeError("no page")  # pragma: no cover
