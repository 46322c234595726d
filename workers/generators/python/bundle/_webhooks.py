"""Webhook signature verification: Standard Webhooks (https://www.standardwebhooks.com), GitHub and Stripe.

- `standard`: headers `webhook-id`, `webhook-timestamp`, `webhook-signature` (`v1,<base64>`
  entries separated by spaces); HMAC-SHA256 over `<id>.<timestamp>.<body>` keyed with the
  base64-decoded secret (an optional `whsec_` prefix is dropped); the timestamp must be within the
  tolerance of now (either way).
- `github`: header `X-Hub-Signature-256: sha256=<hex>`, HMAC-SHA256 of the body keyed with the
  secret as text; no timestamp.
- `stripe`: header `Stripe-Signature: t=<timestamp>,v1=<hex>[,v1=<hex>]`, HMAC-SHA256 over
  `<timestamp>.<body>` keyed with the secret as text (prefix included); tolerance as above.

Every comparison is constant-time (`hmac.compare_digest`).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from typing import Dict, List, Mapping, Optional, Sequence, Tuple, Union, cast

from ._errors import WebhookVerificationError
from ._models import Converter, construct

__all__ = ["DEFAULT_TOLERANCE", "WEBHOOK_SCHEMES", "decode_payload", "pick_event", "verify_webhook"]

DEFAULT_TOLERANCE = 300.0
"""Seconds a signed timestamp may differ from now (5 minutes)."""

WEBHOOK_SCHEMES = ("standard", "github", "stripe")


def _header(headers: Mapping[str, str], *names: str) -> Optional[str]:
    lowered = {key.lower(): value for key, value in headers.items()}
    for name in names:
        value = lowered.get(name)
        if value is not None:
            return value
    return None


def _required(headers: Mapping[str, str], *names: str) -> str:
    value = _header(headers, *names)
    if value is None or value == "":
        raise WebhookVerificationError(f"Missing the {names[0]} header.")
    return value


def _timestamp(text: str, tolerance: float, now: Optional[float]) -> None:
    try:
        stamp = int(text)
    except ValueError:
        raise WebhookVerificationError("The webhook timestamp is not a number.") from None
    current = time.time() if now is None else now
    if stamp < current - tolerance:
        raise WebhookVerificationError("The webhook timestamp is too old.")
    if stamp > current + tolerance:
        raise WebhookVerificationError("The webhook timestamp is too new.")


def _mac(key: bytes, message: bytes) -> bytes:
    return hmac.new(key, message, hashlib.sha256).digest()


def verify_webhook(
    body: Union[str, bytes],
    headers: Mapping[str, str],
    secret: Optional[str],
    *,
    scheme: str = "standard",
    tolerance: float = DEFAULT_TOLERANCE,
    now: Optional[float] = None,
) -> None:
    """Raises `WebhookVerificationError` unless the body is signed with the secret in the headers' way."""
    if secret is None or secret == "":
        raise WebhookVerificationError("No webhook secret: pass secret= or set the client's webhook secret.")
    payload = body.encode("utf-8") if isinstance(body, str) else bytes(body)
    if scheme == "standard":
        msg_id = _required(headers, "webhook-id", "svix-id")
        stamp = _required(headers, "webhook-timestamp", "svix-timestamp")
        signatures = _required(headers, "webhook-signature", "svix-signature")
        _timestamp(stamp, tolerance, now)
        encoded = secret[len("whsec_") :] if secret.startswith("whsec_") else secret
        try:
            key = base64.b64decode(encoded, validate=True)
        except (binascii.Error, ValueError):
            raise WebhookVerificationError("The webhook secret is not base64 (after an optional whsec_ prefix).") from None
        expected = _mac(key, msg_id.encode("utf-8") + b"." + stamp.encode("utf-8") + b"." + payload)
        for entry in signatures.split(" "):
            version, _, signature = entry.partition(",")
            if version != "v1":
                continue
            try:
                candidate = base64.b64decode(signature, validate=True)
            except (binascii.Error, ValueError):
                continue
            if hmac.compare_digest(candidate, expected):
                return
        raise WebhookVerificationError("No matching webhook signature.")
    if scheme == "github":
        header = _required(headers, "x-hub-signature-256")
        expected_hex = _mac(secret.encode("utf-8"), payload).hex()
        if header.startswith("sha256=") and hmac.compare_digest(header[len("sha256=") :].encode("ascii", "replace"), expected_hex.encode("ascii")):
            return
        raise WebhookVerificationError("No matching webhook signature.")
    if scheme == "stripe":
        header = _required(headers, "stripe-signature")
        pairs: List[Tuple[str, str]] = [(name.strip(), value.strip()) for name, _, value in (item.partition("=") for item in header.split(","))]
        stamps = [value for name, value in pairs if name == "t"]
        if len(stamps) != 1:
            raise WebhookVerificationError("The Stripe-Signature header has no timestamp.")
        _timestamp(stamps[0], tolerance, now)
        expected_hex = _mac(secret.encode("utf-8"), stamps[0].encode("utf-8") + b"." + payload).hex()
        for name, value in pairs:
            if name == "v1" and hmac.compare_digest(value.encode("ascii", "replace"), expected_hex.encode("ascii")):
                return
        raise WebhookVerificationError("No matching webhook signature.")
    raise WebhookVerificationError(f"Unknown webhook signature scheme {scheme!r}.")


def decode_payload(body: Union[str, bytes]) -> object:
    """The webhook body decoded as JSON."""
    text = body if isinstance(body, str) else bytes(body).decode("utf-8", errors="replace")
    try:
        decoded: object = json.loads(text)
    except ValueError:
        raise WebhookVerificationError("The webhook body is not JSON.") from None
    return decoded


def pick_event(payload: object, events: Sequence[Tuple[str, Converter, Sequence[str]]]) -> object:
    """The payload as the event it is: the webhook whose name the payload's `type` (or `event`, `event_type`) names, else the first whose required fields are all present, else the first."""
    whole: object = payload  # passed on as decoded (the check below narrows `payload` only)
    if isinstance(payload, dict) and events:
        fields = cast("Dict[str, object]", payload)
        named = fields.get("type", fields.get("event", fields.get("event_type")))
        for name, item, _ in events:
            if named == name:
                return construct(item, whole)
        for _, item, required in events:
            if required and all(key in fields for key in required):
                return construct(item, whole)
    return construct(events[0][1], whole) if events else whole
