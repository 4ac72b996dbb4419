"""Writing files: never half-written, and never over anything the writer was not asked to replace.

Every file the program writes goes through :func:`write_atomic`, which first
asks :func:`check_target` whether the target may be written:

- a target that exists is replaced only with ``force`` (the commands' ``--force``);
- only a regular file is ever replaced: a symbolic link (even one that points
  nowhere), a folder, a FIFO, a device or a socket is refused, ``force`` or not,
  so nothing is written through a link or into a device;
- never a file being read (``inputs``): the same file by device and inode, so
  another spelling of its path or a hard link to it is the same file.

The text goes to a temporary file in the target's folder, which then takes
the target's place in one step: readers see the old file or the new one,
never a part. Without ``force`` the new file is linked into place, which fails
rather than replace a file that appeared meanwhile. An error names the
target, never the temporary file.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_atomic(folder / "out" / "a.txt", "hello\\n")
    >>> (folder / "out" / "a.txt").read_text()
    'hello\\n'
    >>> write_atomic(folder / "out" / "a.txt", "again\\n")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trainer.files.OutputExists: .../out/a.txt: exists; add --force to replace it
    >>> write_atomic(folder / "out" / "a.txt", "again\\n", force=True)
    >>> (folder / "out" / "a.txt").read_text()
    'again\\n'
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import re
import stat
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

_NO_LINK = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK}
"""Errors of ``os.link`` from a file system without hard links (the writer then checks and renames)."""


class OutputRefused(OSError):
    """A target a writer will not write: ``filename`` is the target, ``strerror`` says why.

    ``str()`` is the one line a user sees:

    >>> str(OutputRefused("out.html", "is a FIFO; only a regular file is ever replaced"))
    'out.html: is a FIFO; only a regular file is ever replaced'
    """

    def __init__(self, path: str | os.PathLike[str], reason: str, code: int = errno.EPERM):
        super().__init__(code, reason, os.fspath(path))

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


class OutputExists(OutputRefused):
    """A target that exists, a regular file, which only ``force`` replaces."""

    def __init__(self, path: str | os.PathLike[str]):
        super().__init__(path, "exists; add --force to replace it", errno.EEXIST)


def kind_of(mode: int) -> str | None:
    """What a file-system entry is when it is not a regular file (``None`` for a regular file).

    >>> kind_of(stat.S_IFREG | 0o644), kind_of(stat.S_IFLNK), kind_of(stat.S_IFCHR)
    (None, 'a symbolic link', 'a device')
    """
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def check_target(path: Path, *, force: bool = False, inputs: Iterable[Path] = ()) -> None:
    """Raise :class:`OutputRefused` unless ``path`` may be written: it does not exist, or it is a regular
    file, not one of ``inputs``, and ``force`` is given (:class:`OutputExists` when only ``force`` is missing).
    Nothing is followed: the entry at ``path`` itself is looked at (``lstat``).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> check_target(folder / "new.txt")
    >>> (folder / "log.lit").write_text("x")
    1
    >>> check_target(folder / "log.lit", force=True, inputs=[folder / "." / "log.lit"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trainer.files.OutputRefused: .../log.lit: is the file being read; choose another file
    >>> (folder / "link").symlink_to(folder / "nowhere")
    >>> check_target(folder / "link", force=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trainer.files.OutputRefused: .../link: is a symbolic link; only a regular file is ever replaced
    """
    try:
        found = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return  # nothing there (or no folder there: the write says so, naming the target)
    kind = kind_of(found.st_mode)
    if kind is not None:
        raise OutputRefused(path, f"is {kind}; only a regular file is ever replaced")
    for source in inputs:
        try:
            read = os.stat(source)
        except OSError:
            continue
        if (read.st_dev, read.st_ino) == (found.st_dev, found.st_ino):
            raise OutputRefused(path, "is the file being read; choose another file")
    if not force:
        raise OutputExists(path)


def write_atomic(
    path: Path, text: str | bytes, create_folder: bool = True, *, force: bool = False, inputs: Iterable[Path] = (),
    private: bool = False,
) -> None:
    """Write ``text`` (UTF-8, or ``bytes`` as they are) to ``path`` through a temporary file in its folder
    and a rename, once :func:`check_target` allows it (``force``: replace an existing regular file;
    ``inputs``: the files being read, never replaced); the folder is created unless ``create_folder`` is
    false; ``private``: readable by its owner only (0600, for secrets and a learner's data; else 0644; the
    folders it makes 0700, :func:`private_folder`). An
    ``OSError`` names ``path``, never the temporary file.

    >>> import tempfile, pathlib
    >>> secret = pathlib.Path(tempfile.mkdtemp()) / "key"
    >>> write_atomic(secret, "s", private=True)
    >>> oct(secret.stat().st_mode & 0o777)
    '0o600'
    """
    inputs = tuple(inputs)
    check_target(path, force=force, inputs=inputs)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        if create_folder:
            if private:
                private_folder(folder)
            else:
                folder.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise _naming(error, path) from None
    try:
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        with os.fdopen(fd, "wb") as handle:
            os.fchmod(handle.fileno(), 0o600 if private else 0o644)
            handle.write(data)
        if force:
            check_target(path, force=True, inputs=inputs)  # again, just before the rename
            os.replace(temp, path)
        else:
            _link_new(temp, path, inputs)
    except OutputRefused:
        raise
    except OSError as error:
        raise _naming(error, path) from None
    finally:
        Path(temp).unlink(missing_ok=True)


def private_folder(folder: Path) -> None:
    """Make ``folder`` and the folders above it that are missing, each 0700 whatever the umask (a server's
    folders: no other user of the computer lists the tables, classes or learners in them); folders already
    there are left as they are.

    >>> import tempfile, pathlib
    >>> root = pathlib.Path(tempfile.mkdtemp())
    >>> private_folder(root / "a" / "b")
    >>> [oct(f.stat().st_mode & 0o777) for f in (root / "a", root / "a" / "b")]
    ['0o700', '0o700']
    """
    missing = [f for f in (folder, *folder.parents) if not os.path.lexists(f)]
    for each in reversed(missing):  # outermost first
        with contextlib.suppress(FileExistsError):  # (made meanwhile by another request: left as it is)
            each.mkdir(mode=0o700)
            os.chmod(each, 0o700)  # (mkdir's mode is masked by the umask)
    if not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), os.fspath(folder))


MAX_DEPTH = 64
"""How deeply arrays and objects may nest in JSON read from outside (this program writes a few levels)."""


def read_json(text: str | bytes) -> Any:
    """JSON as this program writes it, from a file or a request: ``ValueError`` (naming the damage) for text
    that is not JSON, a number that is not finite (``NaN``, ``Infinity``, ``1e999``), a string with a lone
    surrogate (``"\\ud800"``: it cannot be written back as UTF-8), or nesting deeper than :data:`MAX_DEPTH`.

    >>> read_json('{"a": [1, 2.5, "x"]}')
    {'a': [1, 2.5, 'x']}
    >>> for bad in ('{"v": 1e999}', '[NaN]', '["\\ud800"]', '{"\\udc00": 1}', "[" * 100 + "]" * 100, "{"):
    ...     try:
    ...         read_json(bad)
    ...     except ValueError as error:
    ...         print(str(error)[:42])
    a number that is not finite: 1e999
    a number that is not finite: NaN
    text that is not UTF-8 (a lone surrogate)
    text that is not UTF-8 (a lone surrogate)
    nested deeper than 64
    not JSON: Expecting property name enclosed
    """

    def finite(number: str) -> float:
        value = float(number)
        if value in (float("inf"), float("-inf")):
            raise ValueError(f"a number that is not finite: {number[:20]}")
        return value

    def refuse(name: str) -> Any:
        raise ValueError(f"a number that is not finite: {name}")

    try:
        data = json.loads(text, parse_float=finite, parse_constant=refuse)
    except RecursionError:
        raise ValueError(f"nested deeper than {MAX_DEPTH}") from None
    except ValueError as error:
        if isinstance(error, json.JSONDecodeError):
            raise ValueError(f"not JSON: {error}") from None
        raise
    todo: list[tuple[Any, int]] = [(data, 0)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, str):
            _utf8(value)
        elif isinstance(value, (list, dict)):
            if depth >= MAX_DEPTH:
                raise ValueError(f"nested deeper than {MAX_DEPTH}")
            if isinstance(value, dict):
                for key in value:
                    _utf8(key)
            todo.extend((item, depth + 1) for item in (value.values() if isinstance(value, dict) else value))
    return data


def _utf8(text: str) -> None:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError("text that is not UTF-8 (a lone surrogate)") from None


def probe_folder(folder: Path) -> None:
    """Raise ``OSError`` (naming ``folder``) unless a new file can be written in ``folder``: the folder is
    made if missing, a file tried there and removed, and the folders made removed again (nothing is left
    behind, whatever happens after).

    >>> import tempfile, pathlib
    >>> root = pathlib.Path(tempfile.mkdtemp())
    >>> probe_folder(root / "a" / "b")
    >>> list(root.iterdir())
    []
    """
    made = [f for f in (folder, *folder.parents) if not os.path.lexists(f)]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(dir=folder, prefix=".literature-", suffix=".probe")
        os.close(handle)
        os.unlink(probe)
    except OSError as error:
        raise _naming(error, folder) from None
    finally:
        for each in made:  # innermost first; only folders made here, and only while empty
            with contextlib.suppress(OSError):
                each.rmdir()


def _link_new(temp: str, path: Path, inputs: tuple[Path, ...]) -> None:
    """Put ``temp`` at ``path``, which must not exist: a hard link fails where anything is there already."""
    try:
        os.link(temp, path)
    except FileExistsError:
        check_target(path, inputs=inputs)  # says what is there
        raise OutputExists(path) from None
    except OSError as error:
        if error.errno not in _NO_LINK:
            raise
        check_target(path, inputs=inputs)
        os.replace(temp, path)


def _naming(error: OSError, path: Path) -> OSError:
    """``error`` about ``path``: the same kind and reason, naming the target instead of a temporary file."""
    if error.errno is None:
        return error
    if error.errno == errno.EEXIST:  # from making the folder: a file is where a folder of the path should be
        return OSError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), os.fspath(path))
    return OSError(error.errno, error.strerror, os.fspath(path))


def read_kept(
    folder: Path, code: re.Pattern[str], most: int, load: Callable[[str], T], code_of: Callable[[T], str],
    errors: tuple[type[Exception], ...], log: logging.Logger, what: str, suffixes: tuple[str, ...] = (".json",),
) -> tuple[dict[str, T], dict[str, str]]:
    """Every ``CODE.json`` (or ``CODE`` and another of ``suffixes``, the first of two files of one code kept)
    a server kept in ``folder`` (at most ``most`` files; names not matching ``code``
    skipped), read by ``load``, which raises one of ``errors`` on a damaged file. A file that cannot be read,
    whatever its damage, or that holds another code, refuses only its own ``what``: it is renamed
    ``CODE.json.damaged`` (kept, never read again) and named in ``log``. The values read, by code, and the
    damaged files' new names, by code.

        >>> import json, logging, re, tempfile
        >>> folder = Path(tempfile.mkdtemp())
        >>> _ = (folder / "ab.json").write_text('{"code": "ab"}'), (folder / "cd.json").write_text("[")
        >>> _ = (folder / "ef.json").write_text('{"code": "xy"}')
        >>> load = lambda text: json.loads(text)["code"]
        >>> read_kept(folder, re.compile("[a-z]+"), 10, load, str, (ValueError,), logging.getLogger("x"), "thing")
        ({'ab': 'ab'}, {'cd': 'cd.json.damaged', 'ef': 'ef.json.damaged'})
    """
    try:
        files = sorted((f for suffix in suffixes for f in folder.glob(f"*{suffix}")),
                       key=lambda f: (f.stem, suffixes.index(f.suffix)))
    except OSError:
        files = []
    found: dict[str, T] = {}
    damaged: dict[str, str] = {}
    caught: tuple[type[Exception], ...] = (Exception, *errors)  # (whatever the damage: 1e999, deep nesting, …)
    for file in files[:most]:
        if not code.fullmatch(file.stem) or file.stem in found:
            continue
        try:
            value = load(file.read_text(encoding="utf-8"))
        except caught as error:
            reason = str(error)
        else:
            if code_of(value) == file.stem:
                found[file.stem] = value
                continue
            reason = f"the file of {what} {file.stem} holds {what} {code_of(value)}"
        aside = file.with_name(f"{file.name}.damaged")
        with contextlib.suppress(OSError):
            file.replace(aside)
        log.error("%s %s: its file cannot be read (%s); kept aside as %s", what, file.stem, reason, aside)
        damaged[file.stem] = aside.name
    return found, damaged
