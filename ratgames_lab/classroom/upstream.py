"""Requests from the classroom server to its private Voila (with the token only this process knows)."""
from __future__ import annotations

import asyncio
import time
from typing import Any

import tornado.httpclient
import tornado.httputil

from .state import ClassState


async def fetch(url_or_request: Any, **kwargs: Any) -> tornado.httpclient.HTTPResponse | None:
    """Fetch from Voila; None if it cannot be reached (stopped, starting, overloaded)."""
    try:
        return await tornado.httpclient.AsyncHTTPClient().fetch(url_or_request, raise_error=False, **kwargs)
    except (OSError, tornado.httpclient.HTTPClientError, asyncio.TimeoutError):
        return None


def upstream_headers(state: ClassState, request: tornado.httputil.HTTPServerRequest) -> dict:
    headers = {"Authorization": f"token {state.token}"}
    for name in ("Accept", "Accept-Language", "If-None-Match", "If-Modified-Since", "User-Agent"):
        if name in request.headers:
            headers[name] = request.headers[name]
    return headers


async def wait_for_voila(state: ClassState, proc, timeout: float = 180) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        response = await fetch(state.upstream + "/voila/static/voila.js",
                                headers={"Authorization": f"token {state.token}"}, request_timeout=5)
        if response is not None and response.code == 200:
            return True
        await asyncio.sleep(0.5)
    return False
