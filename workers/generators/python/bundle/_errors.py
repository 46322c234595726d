"""Exceptions raised by the client: one class per HTTP status family, plus connection and timeout errors."""

from __future__ import annotations

from typing import Dict, Mapping, Optional, cast

__all__ = [
    "APIError",
    "APIStatusError",
    "APIConnectionError",
    "APITimeoutError",
    "APIResponseValidationError",
    "BadRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ConflictError",
    "UnprocessableEntityError",
    "RateLimitError",
    "InternalServerError",
    "OAuthError",
    "WebhookVerificationError",
    "status_error",
]


class APIError(Exception):
    """Base class of every error the client raises."""

    message: str
    method: str
    url: str

    def __init__(self, message: str, *, method: str, url: str) -> None:
        super().__init__(message)
        self.message = message
        self.method = method
        self.url = url


class APIStatusError(APIError):
    """The server answered with a 4xx or 5xx status."""

    status_code: int
    body: object
    headers: Dict[str, str]
    request_id: Optional[str]

    def __init__(self, message: str, *, method: str, url: str, status_code: int, body: object, headers: Mapping[str, str]) -> None:
        super().__init__(message, method=method, url=url)
        self.status_code = status_code
        self.body = body
        self.headers = {key.lower(): value for key, value in headers.items()}
        self.request_id = self.headers.get("x-request-id") or self.headers.get("request-id")


class BadRequestError(APIStatusError):
    """400 Bad Request."""


class AuthenticationError(APIStatusError):
    """401 Unauthorized."""


class PermissionDeniedError(APIStatusError):
    """403 Forbidden."""


class NotFoundError(APIStatusError):
    """404 Not Found."""


class ConflictError(APIStatusError):
    """409 Conflict."""


class UnprocessableEntityError(APIStatusError):
    """422 Unprocessable Entity."""


class RateLimitError(APIStatusError):
    """429 Too Many Requests."""


class InternalServerError(APIStatusError):
    """5xx."""


class APIResponseValidationError(APIError):
    """A 2xx response's body is not what the API description promises: not JSON where JSON was
    declared, or (with `_strict_response_validation=True`) a property missing, of the wrong type or
    outside its enum. `path` names the property (`data[0].name`), `expected` what was expected."""

    status_code: int
    body: object
    headers: Dict[str, str]
    path: str
    expected: str

    def __init__(self, message: str, *, method: str, url: str, status_code: int, body: object, headers: Mapping[str, str], path: str = "", expected: str = "") -> None:
        super().__init__(message, method=method, url=url)
        self.status_code = status_code
        self.body = body
        self.headers = {key.lower(): value for key, value in headers.items()}
        self.path = path
        self.expected = expected


class APIConnectionError(APIError):
    """The request did not get an answer (DNS, refused connection, reset, ...)."""

    def __init__(self, *, method: str, url: str, message: str = "Connection error.") -> None:
        super().__init__(message, method=method, url=url)


class APITimeoutError(APIConnectionError):
    """The request timed out."""

    def __init__(self, *, method: str, url: str) -> None:
        super().__init__(method=method, url=url, message="Request timed out.")


_BY_STATUS: Dict[int, type[APIStatusError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableEntityError,
    429: RateLimitError,
}


def status_error(*, method: str, url: str, status_code: int, body: object, headers: Mapping[str, str]) -> APIStatusError:
    """The exception for a response status (`InternalServerError` for any 5xx)."""
    cls = _BY_STATUS.get(status_code)
    if cls is None:
        cls = InternalServerError if status_code >= 500 else APIStatusError
    detail = ""
    whole: object = body  # passed on as given (the checks below narrow `body` only)
    if isinstance(body, dict):
        fields = cast("Dict[object, object]", body)
        for key in ("message", "error", "detail"):
            value = fields.get(key)
            if isinstance(value, str):
                detail = value
                break
    elif isinstance(body, str):
        detail = body[:200]
    message = f"{status_code} {detail}".strip()
    return cls(message, method=method, url=url, status_code=status_code, body=whole, headers=headers)


class OAuthError(APIError):
    """Fetching an OAuth2 access token failed: the token endpoint refused, failed or answered badly.

    `status_code` is the token endpoint's HTTP status (None when it could not be reached), `error`
    and `error_description` the OAuth2 error fields of its answer (RFC 6749 section 5.2) when given.
    """

    status_code: Optional[int]
    error: Optional[str]
    error_description: Optional[str]
    body: object

    def __init__(self, message: str, *, url: str, status_code: Optional[int] = None, error: Optional[str] = None, error_description: Optional[str] = None, body: object = None) -> None:
        super().__init__(message, method="POST", url=url)
        self.status_code = status_code
        self.error = error
        self.error_description = error_description
        self.body = body


class WebhookVerificationError(Exception):
    """A webhook's signature, timestamp or headers did not verify (or no secret was configured)."""
