"""OAuth2 client credentials (RFC 6749 section 4.4): fetches, caches and refreshes access tokens.

One `ClientCredentials` per client, shared by every thread that sends through the client: a lock
makes concurrent requests wait for one token fetch instead of each fetching its own.
"""

from __future__ import annotations

import base64
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Callable, Dict, Optional, Sequence, cast

from ._errors import OAuthError

__all__ = ["ClientCredentials", "resolve_token_url"]

_MAX_LEEWAY = 60.0
"""A token is refreshed this many seconds before it expires at most (a tenth of its lifetime when shorter)."""


def resolve_token_url(base_url: str, token_url: str) -> str:
    """The token URL, resolved against the client's base URL when it is relative."""
    if token_url.startswith(("http://", "https://")):
        return token_url
    return urllib.parse.urljoin(base_url.rstrip("/") + "/", token_url)


class ClientCredentials:
    """Access tokens from a token endpoint with the client credentials grant (thread-safe)."""

    token_url: str
    client_id: str
    scopes: Sequence[str]
    fetches: int
    """How many tokens were fetched (for diagnostics)."""

    def __init__(
        self,
        *,
        token_url: str,
        client_id: str,
        client_secret: str,
        scopes: Sequence[str] = (),
        timeout: float = 60.0,
        user_agent: str = "python-sdk",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.token_url = token_url
        self.client_id = client_id
        self._client_secret = client_secret
        self.scopes = tuple(scopes)
        self.timeout = timeout
        self._user_agent = user_agent
        self._clock = clock
        self._lock = threading.Lock()
        self._token: Optional[str] = None
        self._refresh_at: Optional[float] = None
        self._revoked: set[str] = set()
        self._opener = urllib.request.build_opener()
        self.fetches = 0

    def __repr__(self) -> str:
        # Never the secret or the token.
        return f"ClientCredentials(token_url={self.token_url!r}, client_id={self.client_id!r})"

    def token(self) -> str:
        """A valid access token: the cached one, or a new one when none is cached or it is about to expire."""
        with self._lock:
            if self._token is not None and (self._refresh_at is None or self._clock() < self._refresh_at):
                return self._token
            return self._fetch()

    def authorization(self) -> str:
        """The `Authorization` header value."""
        return "Bearer " + self.token()

    def invalidate(self, authorization: str) -> bool:
        """After a 401 for a request sent with `authorization`: drops that token when it is still the cached one.

        Returns True when the header carried a token of this manager (the request is worth one retry).
        Concurrent requests that got 401 with the same token make one refresh, not one each.
        """
        if not authorization.startswith("Bearer "):
            return False
        token = authorization[len("Bearer ") :]
        with self._lock:
            if token == self._token:
                if len(self._revoked) >= 16:
                    self._revoked.clear()
                self._revoked.add(token)
                self._token = None
                self._refresh_at = None
                return True
            return token in self._revoked

    def _fetch(self) -> str:
        form: Dict[str, str] = {"grant_type": "client_credentials"}
        if self.scopes:
            form["scope"] = " ".join(self.scopes)
        # RFC 6749 section 2.3.1: the id and secret are form-encoded before the Basic encoding.
        pair = urllib.parse.quote_plus(self.client_id) + ":" + urllib.parse.quote_plus(self._client_secret)
        headers = {
            "Authorization": "Basic " + base64.b64encode(pair.encode("utf-8")).decode("ascii"),
            "Content-Type": "application/x-www-form-urlencoded",
            "Accept": "application/json",
            "User-Agent": self._user_agent,
        }
        data = urllib.parse.urlencode(form).encode("utf-8")
        request = urllib.request.Request(self.token_url, data=data, headers=headers, method="POST")
        self.fetches += 1
        try:
            with self._opener.open(request, timeout=self.timeout) as response:
                raw: bytes = response.read()
                status: int = response.status
        except urllib.error.HTTPError as error:
            try:
                raw_error = error.read()
            except Exception:
                raw_error = b""
            finally:
                error.close()
            refusal = _decode(raw_error)
            whole: object = refusal  # passed on as decoded (the check below narrows `refusal` only)
            fields = cast("Dict[str, object]", refusal) if isinstance(refusal, dict) else {}
            code = fields.get("error")
            description = fields.get("error_description")
            code_text = code if isinstance(code, str) else None
            description_text = description if isinstance(description, str) else None
            detail = ": ".join(part for part in (code_text, description_text) if part)
            raise OAuthError(
                f"The token endpoint answered {error.code}" + (f" ({detail})" if detail else "") + ".",
                url=self.token_url,
                status_code=error.code,
                error=code_text,
                error_description=description_text,
                body=whole,
            ) from None
        except (urllib.error.URLError, OSError) as error:
            raise OAuthError("The token endpoint could not be reached.", url=self.token_url) from error
        answer = _decode(raw)
        body: object = answer  # passed on as decoded (the check below narrows `answer` only)
        fields = cast("Dict[str, object]", answer) if isinstance(answer, dict) else {}
        token = fields.get("access_token")
        if not isinstance(token, str) or token == "":
            raise OAuthError("The token endpoint's answer has no access_token.", url=self.token_url, status_code=status, body=body)
        token_type = fields.get("token_type")
        if isinstance(token_type, str) and token_type.lower() != "bearer":
            raise OAuthError(f"The token endpoint issued a {token_type!r} token; only bearer tokens are supported.", url=self.token_url, status_code=status, body=body)
        expires_in = fields.get("expires_in")
        if isinstance(expires_in, str):
            try:
                expires_in = float(expires_in)
            except ValueError:
                expires_in = None
        if isinstance(expires_in, (int, float)) and not isinstance(expires_in, bool) and expires_in > 0:
            lifetime = float(expires_in)
            self._refresh_at = self._clock() + lifetime - min(_MAX_LEEWAY, lifetime / 10.0)
        else:
            self._refresh_at = None  # no expiry given: kept until a 401
        self._token = token
        return token


def _decode(raw: bytes) -> object:
    try:
        decoded: object = json.loads(raw.decode("utf-8", errors="replace"))
        return decoded
    except ValueError:
        return raw.decode("utf-8", errors="replace")[:500]
