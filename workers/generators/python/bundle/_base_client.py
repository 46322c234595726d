"""The HTTP core shared by every resource: URL building, auth, encoding, retries and errors.

Standard library only (`urllib.request`). Timeouts are per socket operation, in seconds. A client
given `http_client=` (any object with httpx's `Client.request(method, url, *, headers, content,
timeout)`, an `httpx.Client` for one) sends every request but the event streams through it instead.
"""

from __future__ import annotations

import base64
import email.utils
import io
import json
import random
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from http.client import HTTPResponse
from typing import IO, AbstractSet, Dict, List, Mapping, Optional, Protocol, Sequence, Tuple, Union, cast

from ._errors import APIConnectionError, APIResponseValidationError, APITimeoutError, status_error
from ._models import Converter, ResponseMismatch, check, construct
from ._oauth import ClientCredentials
from ._response import RAW_RESPONSE_HEADER, capture_id, record_body, record_response
from ._streaming import STRICT_STREAM_ATTRIBUTE
from ._types import NOT_GIVEN, NotGiven

__all__ = [
    "BaseClient",
    "HttpClient",
    "HttpClientResponse",
    "BufferedResponse",
    "apply_server_variables",
    "basic_auth",
    "encode_path",
    "RETRY_STATUSES",
]

RETRY_STATUSES = frozenset({408, 409, 429})
"""Statuses retried besides every 5xx."""

_MAX_RETRY_AFTER = 60.0


class HttpClientResponse(Protocol):
    """What `HttpClient.request` returns (an `httpx.Response` is one)."""

    @property
    def status_code(self) -> int: ...

    @property
    def headers(self) -> Mapping[str, str]: ...

    @property
    def content(self) -> bytes: ...


class HttpClient(Protocol):
    """An HTTP client to send the requests with (`http_client=`): `httpx.Client` is one, as is any
    object with this method. It gets the whole URL (query included), the headers and the body
    bytes; it must not raise for 4xx/5xx statuses (httpx does not)."""

    def request(self, method: str, url: str, *, headers: Mapping[str, str], content: Optional[bytes], timeout: float) -> HttpClientResponse: ...


class BufferedResponse:
    """A response of `http_client=`, read whole, with the members the client reads of urllib's."""

    def __init__(self, response: HttpClientResponse, url: str) -> None:
        self.status = response.status_code
        self.headers: Mapping[str, str] = {key: value for key, value in response.headers.items()}
        self.url = url
        self._body = io.BytesIO(bytes(response.content))

    def read(self) -> bytes:
        return self._body.read()

    def readline(self) -> bytes:
        return self._body.readline()

    def close(self) -> None:
        self._body.close()


Response = Union[HTTPResponse, BufferedResponse]
"""An open 2xx response: urllib's, or one of `http_client=` (already read)."""


def encode_path(value: object) -> str:
    """A path parameter value, percent-encoded so it stays one path segment."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    else:
        text = str(value)
    if text == "":
        raise ValueError("A path parameter is an empty string.")
    # Servers and proxies resolve `.` and `..` segments (even percent-encoded), so they cannot be sent.
    if text in (".", ".."):
        raise ValueError("A path parameter cannot be " + repr(text) + ".")
    return urllib.parse.quote(text, safe="")


def apply_server_variables(url: str, variables: Mapping[str, str]) -> str:
    """Fills `{name}` placeholders of a server URL."""
    for name, value in variables.items():
        url = url.replace("{" + name + "}", value)
    return url


def basic_auth(username: str, password: str) -> str:
    """The value of an `Authorization` header for HTTP basic auth."""
    token = base64.b64encode(f"{username}:{password}".encode("utf-8")).decode("ascii")
    return "Basic " + token


def _scalar(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    return str(value)


def _encode_query(params: Mapping[str, object], styles: Mapping[str, Tuple[str, bool]]) -> List[Tuple[str, str]]:
    pairs: List[Tuple[str, str]] = []
    for key, value in params.items():
        if isinstance(value, NotGiven) or value is None:
            continue
        style, explode = styles.get(key, ("form", True))
        if isinstance(value, (list, tuple)):
            items = cast("Sequence[object]", value)
            if explode and style == "form":
                pairs.extend((key, _scalar(item)) for item in items)
            else:
                sep = {"spaceDelimited": " ", "pipeDelimited": "|"}.get(style, ",")
                pairs.append((key, sep.join(_scalar(item) for item in items)))
        elif isinstance(value, dict):
            members = cast("Mapping[object, object]", value)
            if style == "deepObject":
                pairs.extend((f"{key}[{sub}]", _scalar(item)) for sub, item in members.items())
            elif explode:
                pairs.extend((str(sub), _scalar(item)) for sub, item in members.items())
            else:
                pairs.append((key, ",".join(f"{sub},{_scalar(item)}" for sub, item in members.items())))
        else:
            pairs.append((key, _scalar(value)))
    return pairs


def _multipart(fields: Mapping[str, object]) -> Tuple[bytes, str]:
    boundary = "----PySdkBoundary" + uuid.uuid4().hex
    out = io.BytesIO()

    def part(name: str, data: bytes, filename: Optional[str], content_type: Optional[str]) -> None:
        quoted = name.replace("\\", "\\\\").replace('"', '\\"').replace("\r", "%0D").replace("\n", "%0A")
        disposition = f'form-data; name="{quoted}"'
        if filename is not None:
            safe = filename.replace("\\", "\\\\").replace('"', '\\"').replace("\r", "%0D").replace("\n", "%0A")
            disposition += f'; filename="{safe}"'
        out.write(f"--{boundary}\r\nContent-Disposition: {disposition}\r\n".encode("utf-8"))
        if content_type is not None:
            out.write(f"Content-Type: {content_type}\r\n".encode("utf-8"))
        out.write(b"\r\n")
        out.write(data)
        out.write(b"\r\n")

    def add(name: str, value: object) -> None:
        whole: object = value  # not narrowed by the checks below (a scalar is written whole)
        if isinstance(value, NotGiven) or value is None:
            return
        if isinstance(value, (bytes, bytearray)):
            part(name, bytes(value), name, "application/octet-stream")
        elif isinstance(value, io.IOBase) or hasattr(value, "read"):
            data = _read_file(value)
            filename = getattr(value, "name", None)
            part(name, data, filename.rsplit("/", 1)[-1] if isinstance(filename, str) else name, "application/octet-stream")
        elif isinstance(value, tuple) and len(cast("Tuple[object, ...]", value)) in (2, 3):
            file_tuple = cast("Tuple[object, ...]", value)
            filename = file_tuple[0] if isinstance(file_tuple[0], str) else None
            content_type = file_tuple[2] if len(file_tuple) == 3 and isinstance(file_tuple[2], str) else "application/octet-stream"
            content = file_tuple[1]
            data = bytes(content) if isinstance(content, (bytes, bytearray)) else _read_file(content)
            part(name, data, filename if filename is not None else name, content_type)
        elif isinstance(value, list):
            for item in cast("List[object]", value):
                add(name, item)
        elif isinstance(value, dict):
            part(name, json.dumps(value).encode("utf-8"), None, "application/json")
        else:
            part(name, _scalar(whole).encode("utf-8"), None, None)

    for key, value in fields.items():
        add(key, value)
    out.write(f"--{boundary}--\r\n".encode("utf-8"))
    return out.getvalue(), f"multipart/form-data; boundary={boundary}"


def _read_file(value: object) -> bytes:
    read = getattr(value, "read", None)
    if read is None:
        raise TypeError(f"Expected bytes or a binary file object, got {type(value).__name__}")
    data = read()
    if isinstance(data, str):
        return data.encode("utf-8")
    if isinstance(data, (bytes, bytearray)):
        return bytes(data)
    raise TypeError("File object's read() must return bytes")


def _retry_after(headers: Mapping[str, str]) -> Optional[float]:
    lowered = {key.lower(): value for key, value in headers.items()}
    ms = lowered.get("retry-after-ms")
    if ms is not None:
        try:
            return float(ms) / 1000.0
        except ValueError:
            pass
    value = lowered.get("retry-after")
    if value is None:
        return None
    try:
        return float(value)
    except ValueError:
        pass
    parsed = email.utils.parsedate_to_datetime(value) if value else None
    if parsed is None:
        return None
    return parsed.timestamp() - time.time()


def _is_timeout(error: BaseException) -> bool:
    if isinstance(error, (socket.timeout, TimeoutError)):
        return True
    if isinstance(error, urllib.error.URLError) and isinstance(error.reason, (socket.timeout, TimeoutError)):
        return True
    return False


class BaseClient:
    """What every generated client extends: sends requests and turns answers into values or errors."""

    base_url: str
    timeout: float
    max_retries: int
    default_headers: Dict[str, str]
    default_query: Dict[str, object]
    idempotency_header: Optional[str]
    webhook_secret: Optional[str] = None
    """The secret `webhooks.unwrap` verifies signatures with (set by clients of APIs with webhooks)."""
    _oauth: Optional[ClientCredentials] = None
    """The OAuth2 client-credentials token source, when the client was given a client id and secret."""

    def __init__(
        self,
        *,
        base_url: str,
        timeout: float = 60.0,
        max_retries: int = 2,
        default_headers: Optional[Mapping[str, str]] = None,
        default_query: Optional[Mapping[str, object]] = None,
        idempotency_header: Optional[str] = "Idempotency-Key",
        http_client: Optional[HttpClient] = None,
        _strict_response_validation: bool = False,
    ) -> None:
        self.http_client = http_client
        self._strict_response_validation = _strict_response_validation
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.max_retries = max_retries
        self.default_headers = dict(default_headers or {})
        self.default_query = dict(default_query or {})
        self.idempotency_header = idempotency_header
        self._opener = urllib.request.build_opener()

    # Overridden by the generated client: the credentials of the given security schemes (all when None).
    def _auth_headers(self, schemes: Optional[AbstractSet[str]] = None) -> Dict[str, str]:
        return {}

    def _auth_query(self, schemes: Optional[AbstractSet[str]] = None) -> Dict[str, str]:
        return {}

    def _has_credentials(self, scheme: str) -> bool:
        """Whether the credentials of security scheme `scheme` are configured."""
        return False

    def _auth_schemes(self, security: Optional[Sequence[Sequence[str]]]) -> Optional[AbstractSet[str]]:
        """The schemes a request carries credentials for: the first of its operation's security
        alternatives whose credentials are all configured (none when no alternative is; every
        configured one when the description states no security at all, `security` None)."""
        if security is None:
            return None
        for alternative in security:
            if all(self._has_credentials(scheme) for scheme in alternative):
                return frozenset(alternative)
        return frozenset()

    def _user_agent(self) -> str:
        return "python-sdk"

    def _build_url(self, path: str, query: List[Tuple[str, str]]) -> str:
        url = path if path.startswith(("http://", "https://")) else self.base_url + path
        if query:
            url += ("&" if "?" in url else "?") + urllib.parse.urlencode(query, quote_via=urllib.parse.quote)
        return url

    def _retry_delay(self, attempt: int, headers: Optional[Mapping[str, str]]) -> float:
        if headers is not None:
            after = _retry_after(headers)
            if after is not None and 0 <= after <= _MAX_RETRY_AFTER:
                return after
        delay = min(0.5 * (2.0**attempt), 8.0)
        return delay * (1.0 - 0.25 * random.random())

    def send(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Mapping[str, object]] = None,
        query_styles: Optional[Mapping[str, Tuple[str, bool]]] = None,
        headers: Optional[Mapping[str, object]] = None,
        cookies: Optional[Mapping[str, object]] = None,
        json_body: object = NOT_GIVEN,
        multipart: Optional[Mapping[str, object]] = None,
        form: Optional[Mapping[str, object]] = None,
        content: Union[str, bytes, IO[bytes], None] = None,
        content_type: Optional[str] = None,
        accept: str = "application/json",
        extra_headers: Optional[Mapping[str, str]] = None,
        extra_query: Optional[Mapping[str, object]] = None,
        timeout: Optional[float] = None,
        max_retries: Optional[int] = None,
        security: Optional[Sequence[Sequence[str]]] = None,
    ) -> Response:
        """Sends a request (retrying as configured) and returns the open 2xx response; raises on errors.

        With `http_client=`, every request goes through it, but one that accepts
        `text/event-stream` (the streaming methods), which urllib sends so events arrive as they come.
        """
        method = method.upper()
        params: Dict[str, object] = dict(self.default_query)
        schemes = self._auth_schemes(security)
        params.update(self._auth_query(schemes))
        params.update(query or {})
        params.update(extra_query or {})
        url = self._build_url(path, _encode_query(params, query_styles or {}))

        all_headers: Dict[str, str] = {"Accept": accept, "User-Agent": self._user_agent()}
        all_headers.update(self.default_headers)
        all_headers.update(self._auth_headers(schemes))
        for key, value in (headers or {}).items():
            if not isinstance(value, NotGiven) and value is not None:
                all_headers[key] = _scalar(value)
        cookie_pairs = [f"{key}={urllib.parse.quote(_scalar(value), safe='')}" for key, value in (cookies or {}).items() if not isinstance(value, NotGiven) and value is not None]
        if cookie_pairs:
            existing = all_headers.get("Cookie")
            all_headers["Cookie"] = "; ".join(([existing] if existing else []) + cookie_pairs)

        data: Optional[bytes] = None
        if not isinstance(json_body, NotGiven):
            data = json.dumps(json_body).encode("utf-8")
            all_headers["Content-Type"] = "application/json"
        elif multipart is not None:
            data, all_headers["Content-Type"] = _multipart(multipart)
        elif form is not None:
            data = urllib.parse.urlencode(_encode_query(form, {})).encode("utf-8")
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif content is not None:
            data = content.encode("utf-8") if isinstance(content, str) else content if isinstance(content, bytes) else _read_file(content)
            all_headers["Content-Type"] = content_type or "application/octet-stream"
        capture = capture_id(extra_headers)
        for key, value in (extra_headers or {}).items():
            if key.lower() != RAW_RESPONSE_HEADER.lower():
                all_headers[key] = value

        retries = self.max_retries if max_retries is None else max_retries
        if method != "GET" and retries > 0 and self.idempotency_header is not None and not any(key.lower() == self.idempotency_header.lower() for key in all_headers):
            all_headers[self.idempotency_header] = "py-retry-" + uuid.uuid4().hex
        seconds = self.timeout if timeout is None else timeout

        attempt = 0
        reauthorized = False
        through = self.http_client if accept != "text/event-stream" else None
        while True:
            try:
                if through is not None:
                    answer = BufferedResponse(through.request(method, url, headers=dict(all_headers), content=data, timeout=seconds), url)
                    if 200 <= answer.status < 300:
                        record_response(capture, method=method, url=url, response=answer)
                        return answer
                    raise _StatusAnswer(answer.status, dict(answer.headers), answer.read())
                request = urllib.request.Request(url, data=data, headers=all_headers, method=method)
                response: HTTPResponse = self._opener.open(request, timeout=seconds)
                record_response(capture, method=method, url=_final_url(response, url), response=response)
                if self._strict_response_validation and accept == "text/event-stream":
                    # Read by `Stream`, which checks each event's data (the method it names) in strict mode.
                    setattr(response, STRICT_STREAM_ATTRIBUTE, method)
                return response
            except (urllib.error.HTTPError, _StatusAnswer) as error:
                if isinstance(error, _StatusAnswer):
                    status, response_headers, raw = error.status, error.headers, error.body
                else:
                    status = error.code
                    response_headers = {key: value for key, value in error.headers.items()}
                    try:
                        raw = error.read()
                    except Exception:
                        raw = b""
                    finally:
                        error.close()
                sent_authorization = all_headers.get("Authorization")
                if status == 401 and not reauthorized and self._oauth is not None and sent_authorization is not None and self._oauth.invalidate(sent_authorization):
                    # The access token was revoked or expired early: one retry with a fresh one.
                    reauthorized = True
                    all_headers["Authorization"] = self._oauth.authorization()
                    continue
                if attempt < retries and (status in RETRY_STATUSES or status >= 500):
                    time.sleep(self._retry_delay(attempt, response_headers))
                    attempt += 1
                    continue
                raise status_error(method=method, url=url, status_code=status, body=_decode_body(raw, response_headers), headers=response_headers) from None
            except Exception as error:
                # urllib's failures are OSErrors (anything else, such as an aborted async call, is
                # passed on); whatever `http_client` raises (httpx.ConnectError, ...) is a connection error.
                if through is None and not isinstance(error, (urllib.error.URLError, OSError)):
                    raise
                if attempt < retries:
                    time.sleep(self._retry_delay(attempt, None))
                    attempt += 1
                    continue
                if _is_timeout(error) or (through is not None and "Timeout" in type(error).__name__):
                    raise APITimeoutError(method=method, url=url) from error
                if through is None and self.http_client is not None:
                    # Only an event stream gets here with http_client given: say which stack failed.
                    raise APIConnectionError(method=method, url=url, message="Connection error (streaming methods are sent with urllib, not http_client).") from error
                raise APIConnectionError(method=method, url=url) from error

    def request(
        self,
        method: str,
        path: str,
        *,
        response_kind: str = "json",
        accept: Optional[str] = None,
        query: Optional[Mapping[str, object]] = None,
        query_styles: Optional[Mapping[str, Tuple[str, bool]]] = None,
        headers: Optional[Mapping[str, object]] = None,
        cookies: Optional[Mapping[str, object]] = None,
        json_body: object = NOT_GIVEN,
        multipart: Optional[Mapping[str, object]] = None,
        form: Optional[Mapping[str, object]] = None,
        content: Union[str, bytes, IO[bytes], None] = None,
        content_type: Optional[str] = None,
        extra_headers: Optional[Mapping[str, str]] = None,
        extra_query: Optional[Mapping[str, object]] = None,
        timeout: Optional[float] = None,
        max_retries: Optional[int] = None,
        cast_to: Union[Converter, NotGiven] = NOT_GIVEN,
        page_items: Optional[Tuple[str, Converter]] = None,
        security: Optional[Sequence[Sequence[str]]] = None,
    ) -> object:
        """Sends a request and returns the decoded body: JSON value, `str` (text), `bytes` (binary) or None.

        With `cast_to`, the JSON body built into models (`construct`), after `check` when the client
        validates responses strictly (`_strict_response_validation=True`); with `page_items`
        (items path, item converter) the decoded page, its items checked the same way. A body that
        is not JSON where models are expected raises `APIResponseValidationError`. `accept`: the
        Accept header of a response declared with a vendor JSON type (`application/vnd.x+json`).
        """
        if accept is None:
            accept = {"json": "application/json", "text": "text/plain, */*", "binary": "*/*", "none": "*/*"}.get(
                response_kind, "*/*"
            )
        response = self.send(
            method,
            path,
            query=query,
            query_styles=query_styles,
            headers=headers,
            cookies=cookies,
            json_body=json_body,
            multipart=multipart,
            form=form,
            content=content,
            content_type=content_type,
            accept=accept,
            extra_headers=extra_headers,
            extra_query=extra_query,
            timeout=timeout,
            max_retries=max_retries,
            security=security,
        )
        url = _final_url(response, self.base_url + path)
        try:
            raw = response.read()
        except (socket.timeout, TimeoutError) as error:
            raise APITimeoutError(method=method.upper(), url=url) from error
        except OSError as error:
            raise APIConnectionError(method=method.upper(), url=url) from error
        finally:
            response.close()
        record_body(capture_id(extra_headers), response, raw)
        if response_kind == "none":
            return None
        if response_kind == "binary":
            return raw
        if response_kind == "text":
            return raw.decode("utf-8", errors="replace")
        if not raw:
            return None
        response_headers = {key: value for key, value in response.headers.items()}
        if isinstance(cast_to, NotGiven) and page_items is None:
            return _decode_body(raw, response_headers)
        status = response.status

        def invalid(message: str, path: str, expected: str, body: object) -> APIResponseValidationError:
            return APIResponseValidationError(message, method=method.upper(), url=url, status_code=status, body=body, headers=response_headers, path=path, expected=expected)

        text = raw.decode("utf-8", errors="replace")
        content_type = next((value for key, value in response_headers.items() if key.lower() == "content-type"), "")
        decoded: object = text
        if "json" in content_type or text[:1] in ("{", "[") or self._strict_response_validation:
            try:
                decoded = json.loads(text)
            except ValueError:
                if "json" in content_type or self._strict_response_validation:
                    raise invalid("The response body is not JSON (Content-Type " + repr(content_type) + ").", "", "a JSON body", text) from None
        if self._strict_response_validation:
            try:
                if page_items is not None:
                    items_path, item = page_items
                    found = _at(decoded, items_path)
                    if isinstance(found, list):
                        for i, value in enumerate(cast("List[object]", found)):
                            check(item, value, f"{items_path}[{i}]")
                elif not isinstance(cast_to, NotGiven):
                    check(cast_to, decoded)
            except ResponseMismatch as mismatch:
                raise invalid("The response does not match the API description: " + str(mismatch), mismatch.path, mismatch.expected, decoded) from None
        if isinstance(cast_to, NotGiven):
            return decoded
        return construct(cast_to, decoded)


class _StatusAnswer(Exception):
    """A non-2xx answer of `http_client=`, handled as urllib's `HTTPError` is."""

    def __init__(self, status: int, headers: Dict[str, str], body: bytes) -> None:
        super().__init__(status)
        self.status = status
        self.headers = headers
        self.body = body


def _at(value: object, path: str) -> object:
    """The value at a dot-separated path of objects (None when absent)."""
    if path == "":
        return value
    for segment in path.split("."):
        if not isinstance(value, dict):
            return None
        value = cast("Dict[object, object]", value).get(segment)
    return value


def _final_url(response: Response, default: str) -> str:
    """The final URL (after redirects), which urllib sets on the response (`geturl()` is deprecated)."""
    final_url: object = getattr(response, "url", None)
    return final_url if isinstance(final_url, str) else default


def _decode_body(raw: bytes, headers: Mapping[str, str]) -> object:
    text = raw.decode("utf-8", errors="replace")
    content_type = next((value for key, value in headers.items() if key.lower() == "content-type"), "")
    if "json" in content_type or text[:1] in ("{", "["):
        try:
            decoded: object = json.loads(text)
            return decoded
        except ValueError:
            return text
    return text
