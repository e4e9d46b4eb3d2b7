"""The one time zone a procedure needs, as tzfile bytes.

python-dateutil bundles the tz database as one tarball; reading it whole parses
every zone. The reader takes the one zone's bytes from it once, and every
runtime (CPython, Pyodide) builds the zone from those bytes the same way.
"""

import io
from functools import lru_cache

from dateutil import tz


@lru_cache(maxsize=1)
def _tarball() -> bytes:
    from importlib import resources
    from dateutil.zoneinfo import ZONEFILENAME
    return resources.files("dateutil.zoneinfo").joinpath(ZONEFILENAME).read_bytes()


@lru_cache(maxsize=32)
def zone_bytes(name: str) -> bytes | None:
    """The tzfile for a zone name from dateutil's bundled database, or None if there is none. (Only the reader asks:
    a prepared procedure carries its zone's bytes, so the browser never imports tarfile.)"""
    import tarfile
    with tarfile.open(fileobj=io.BytesIO(_tarball())) as archive:
        try:
            member = archive.getmember(name)
        except KeyError:
            return None
        data = archive.extractfile(member)
        return data.read() if data else None


@lru_cache(maxsize=8)
def zone_from_bytes(name: str, data: bytes) -> tz.tzfile:
    return tz.tzfile(io.BytesIO(data), filename=name)
