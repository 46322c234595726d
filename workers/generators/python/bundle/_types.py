"""Small shared types: the `NOT_GIVEN` sentinel for omitted arguments and file upload values."""

from __future__ import annotations

from typing import IO, Final, Literal, Mapping, Optional, Tuple, Union

__all__ = ["NotGiven", "NOT_GIVEN", "FileContent", "FileTypes", "Headers", "QueryParams"]


class NotGiven:
    """The type of `NOT_GIVEN`: an argument that was not passed (distinct from `None`, which sends null)."""

    def __bool__(self) -> Literal[False]:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN: Final = NotGiven()

FileContent = Union[bytes, IO[bytes]]
"""The bytes of an uploaded file, or a binary file object."""

FileTypes = Union[
    FileContent,
    Tuple[Optional[str], FileContent],
    Tuple[Optional[str], FileContent, Optional[str]],
]
"""A file to upload: content, `(filename, content)` or `(filename, content, content_type)`."""

Headers = Mapping[str, str]
QueryParams = Mapping[str, object]
