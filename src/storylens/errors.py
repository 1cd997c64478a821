"""Every error storylens raises on purpose, in one hierarchy.

    StorylensError              base: catch this to catch everything below
    ├── InputError              an input cannot be read or understood (names the input)
    │   ├── UnsupportedInput    a file type or URL scheme storylens does not read
    │   └── LimitExceeded       an input past a named limit (a gzip bomb, a huge line)
    ├── ModelError              the spaCy pipeline is missing or cannot be loaded
    ├── SettingError            a setting that does not exist or has no valid value
    ├── UsageError              a command given nothing to act on, or what it cannot act on
    │   └── MetadataError       a front-matter header, sidecar or run's metadata not usable
    ├── OutputError             an output file cannot be written (names the file)
    │   └── StdoutError         stdout cannot be written (a full disk, /dev/full)
    ├── MissingExtra            an optional dependency is not installed (names the extra)
    ├── StoreError              the database cannot be opened, migrated or written
    │   └── NotFound            a story or article id that is not stored, or no database
    └── SignatureMismatch       MinHash signatures made with other parameters

Messages name the thing that failed and say what the user can do about it.
"""

from __future__ import annotations


class StorylensError(Exception):
    """Base class of every error storylens raises on purpose."""


class InputError(StorylensError):
    def __init__(self, input_name: str, reason: str) -> None:
        super().__init__(f"{input_name}: {reason}")
        self.input_name = input_name
        self.reason = reason


class UnsupportedInput(InputError):
    pass


class LimitExceeded(InputError):
    pass


class ModelError(StorylensError):
    pass


class SettingError(StorylensError):
    pass


class UsageError(StorylensError):
    pass


class OutputError(StorylensError):
    def __init__(self, output_name: str, reason: str) -> None:
        super().__init__(f"cannot write {output_name}: {reason}")
        self.output_name = output_name
        self.reason = reason


class StdoutError(OutputError):
    def __init__(self, reason: str) -> None:
        super().__init__("the output (stdout)", reason)


class MissingExtra(StorylensError):
    """``feature`` needs the optional dependencies of ``storylens[extra]``."""

    def __init__(self, feature: str, extra: str) -> None:
        super().__init__(
            f"{feature} needs storylens[{extra}], not installed: pip install 'storylens[{extra}]'"
        )
        self.feature = feature
        self.extra = extra


class StoreError(StorylensError):
    pass


class NotFound(StoreError):
    pass


class SignatureMismatch(StorylensError):
    pass
