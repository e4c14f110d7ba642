"""The running asyncio loop of a kernel (None outside one: tests and scripts then work synchronously)."""
from __future__ import annotations

import asyncio


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop, or None when there is none (plain Python: act at once)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


__all__ = ["running_loop"]
