"""A posted form as lists of strings per field name: URL-encoded, or
multipart (a scenario file chosen on the create page), read with the
standard library. The body is already size-limited by the application."""

from __future__ import annotations

from email.message import Message
from email.parser import BytesParser
from email.policy import HTTP
from urllib.parse import parse_qs

from fastapi import Request

Form = dict[str, list[str]]


async def read_form(request: Request) -> Form:
    """The fields of the posted form; an empty form for a body of another kind."""
    body = await request.body()
    kind = request.headers.get("content-type", "")
    media = kind.split(";")[0].strip().lower()
    if media == "application/x-www-form-urlencoded":
        return parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
    if media == "multipart/form-data":
        return _multipart(kind, body)
    return {}


def _multipart(kind: str, body: bytes) -> Form:
    head = f"Content-Type: {kind}\r\nMIME-Version: 1.0\r\n\r\n".encode()
    message = BytesParser(policy=HTTP).parsebytes(head + body)
    form: Form = {}
    if not message.is_multipart():
        return form
    for part in message.iter_parts():
        if not isinstance(part, Message):
            continue
        name = part.get_param("name", header="content-disposition")
        if not isinstance(name, str):
            continue
        payload = part.get_payload(decode=True)
        data = payload if isinstance(payload, bytes) else b""
        form.setdefault(name, []).append(data.decode("utf-8", "replace"))
    return form


def first(form: Form, name: str, default: str = "") -> str:
    """The field's first value, stripped."""
    values = form.get(name)
    return values[0].strip() if values else default
