"""The base class of generated resource classes."""

from __future__ import annotations

from ._base_client import BaseClient

__all__ = ["SyncAPIResource"]


class SyncAPIResource:
    """A group of API methods; holds the client that sends the requests."""

    _client: BaseClient

    def __init__(self, client: BaseClient) -> None:
        self._client = client
