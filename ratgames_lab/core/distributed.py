"""Where many independent games run: in this process (the default, no set-up), or on a Dask cluster.

``scheduler=None`` plays here; ``"local:N"`` starts a Dask ``LocalCluster`` of N worker processes on this
machine; any other string is the address of a running Dask scheduler (``tcp://host:8786``). Each task is
seeded by its own index, so the results are the same wherever they run. Dask is optional: ``pip install -e
".[cluster]"`` (docs/scaling.md).
"""
from __future__ import annotations

import sys
from typing import Any, Callable, Iterator, Sequence

from tqdm import tqdm

BATCH = 64  # tasks per Dask job: one job per game would cost more in scheduling than a fast game takes


def _progress(total: int, label: str, show: bool | None):
    return tqdm(total=total, desc=label, unit="game", file=sys.stderr, leave=False,
                disable=not (sys.stderr.isatty() if show is None else show))


def _run_batch(fn: Callable[[Any], Any], items: Sequence[Any]) -> list[Any]:
    return [fn(item) for item in items]


def map_tasks(fn: Callable[[Any], Any], items: Sequence[Any], scheduler: str | None = None,
              progress: bool | None = None, label: str = "") -> Iterator[Any]:
    """``fn(item)`` for every item, yielded in the order of ``items``, here or on a Dask scheduler."""
    bar = _progress(len(items), label, progress)
    try:
        if not scheduler:
            for item in items:
                yield fn(item)
                bar.update(1)
            return
        with _client(scheduler) as client:
            batches = [list(items[i:i + BATCH]) for i in range(0, len(items), BATCH)]
            futures = client.map(_run_batch, [fn] * len(batches), batches, pure=False)
            for future, batch in zip(futures, batches):
                results = future.result()
                yield from results
                bar.update(len(batch))
    finally:
        bar.close()


class _client:
    """A Dask client for ``scheduler`` (``local:N`` starts and later stops a local cluster)."""

    def __init__(self, scheduler: str):
        try:
            from dask.distributed import Client, LocalCluster  # optional dependency: the [cluster] extra
        except ImportError:
            raise ValueError("--scheduler needs Dask: pip install -e \".[cluster]\"") from None
        self.cluster = None
        try:
            if scheduler.startswith("local"):
                _, _, n = scheduler.partition(":")
                workers = int(n) if n.isdigit() and int(n) > 0 else 2
                self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                            dashboard_address=None, silence_logs=40)
                self.client = Client(self.cluster)
            else:
                self.client = Client(scheduler, timeout=10)
        except (OSError, RuntimeError, TimeoutError, ValueError) as exc:
            if self.cluster is not None:
                self.cluster.close()
            raise ValueError(f"could not start or reach the Dask scheduler {scheduler!r}: "
                             f"{type(exc).__name__}: {' '.join(str(exc).split())[:120]}") from None

    def __enter__(self):
        return self.client

    def __exit__(self, *exc: Any) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()
