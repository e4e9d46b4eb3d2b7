"""What a long step of the build is doing, and how far it is, said on standard error as it goes:

    build: checking procedures 12/200

A counted step says nothing if it is over within a couple of seconds (a build that finds everything in its cache
stays quiet); past that, it says how far it is every couple of seconds, and when it is done.
"""

import sys
import threading
import time

PREFIX = "build: "  # every progress line starts so (a refusal starts "build failed: ")
EVERY = 2.0  # seconds


class Progress:
    def __init__(self, what: str, total: int, every: float = EVERY):
        self.what, self.total, self.every = what, total, every
        self.done, self.started, self.said = 0, time.monotonic(), None
        self.lock = threading.Lock()

    def advance(self, count: int = 1) -> None:
        with self.lock:
            self.done += count
            now = time.monotonic()
            if self.said is None:
                due = now - self.started >= self.every
            else:
                due = self.done >= self.total or now - self.said >= self.every
            if due:
                self.said = now
                say(f"{self.what} {self.done}/{self.total}")


def say(what: str) -> None:
    """A step that is going to take a while, said once when it starts."""
    print(f"{PREFIX}{what}", file=sys.stderr, flush=True)
