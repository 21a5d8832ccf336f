"""Rule variants as frozen data.

A game's ``Rules`` is a frozen dataclass whose fields are options: ``bool``, ``int``,
``str``, a string-valued :class:`enum.Enum`, a tuple of strings, or a nested frozen
dataclass that groups related options.  Named presets are instances of it;
:meth:`Rules.validate` refuses incompatible combinations with a message; the compact
encoding names the nearest preset and lists only the options that differ::

    <version>.<preset>[~<path>=<value>]...

``path`` joins nested field names with ``.``; booleans are ``1``/``0``, tuples are
comma-joined.  Only URL-safe characters are used, so the encoding goes into share links
as is.  ``VERSION`` is bumped when the meaning of a field changes; :meth:`Rules.migrate`
then rewrites older encodings so that old links keep opening.

Subclasses are ``@dataclass(frozen=True, slots=True)``; note that zero-argument
``super()`` does not work inside methods of slotted dataclasses.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Self

from .errors import InvalidRulesError
from .messages import msg

_TOKEN = re.compile(r"[A-Za-z0-9_-]*\Z")
_PATH = re.compile(r"[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*\Z")

Value = Any


@dataclasses.dataclass(frozen=True, slots=True)
class Rules:
    """Base class of every game's rules (subclasses add the fields)."""

    VERSION: ClassVar[int] = 1

    # --- presets -----------------------------------------------------------------------
    @classmethod
    def presets(cls) -> Mapping[str, Self]:
        """The named presets, the default first."""
        raise NotImplementedError

    @classmethod
    def default(cls) -> Self:
        return next(iter(cls.presets().values()))

    @classmethod
    def preset(cls, name: str) -> Self:
        try:
            return cls.presets()[name]
        except KeyError:
            known = ", ".join(cls.presets())
            raise InvalidRulesError(msg("unknown preset {name} (known: {known})", name=repr(name), known=known)) from None

    def preset_name(self) -> str | None:
        """The name of the preset these rules are exactly, if any."""
        for name, preset in self.presets().items():
            if preset == self:
                return name
        return None

    def validate(self) -> None:
        """Raise :class:`InvalidRulesError` for a combination the game refuses."""

    # --- options -----------------------------------------------------------------------
    def options(self) -> Iterator[tuple[str, Value]]:
        """Every leaf option as ``(path, value)``, in field order."""
        yield from _leaves(self, "")

    def get(self, path: str) -> Value:
        obj: Any = self
        for part in path.split("."):
            if not dataclasses.is_dataclass(obj) or part not in {f.name for f in dataclasses.fields(obj)}:
                raise InvalidRulesError(msg("unknown rule option {path}", path=repr(path)))
            obj = getattr(obj, part)
        if dataclasses.is_dataclass(obj):
            raise InvalidRulesError(msg("{path} is a group of options, not an option", path=repr(path)))
        return obj

    def with_option(self, path: str, value: Value) -> Self:
        """A copy with one option changed (the value is checked against the option's type)."""
        current = self.get(path)
        changed: Self = _replace_path(self, path.split("."), _coerce(path, current, value))
        return changed

    def diff(self, other: Rules) -> list[tuple[str, Value]]:
        """The options whose values differ from ``other``'s, with this side's values."""
        theirs = dict(other.options())
        return [(p, v) for p, v in self.options() if theirs.get(p) != v]

    def to_json(self) -> dict[str, Any]:
        """A flat JSON view ``{path: value}`` for the page's rules panel."""
        return {p: _plain(v) for p, v in self.options()}

    # --- encoding ----------------------------------------------------------------------
    def encode(self) -> str:
        """The compact, versioned, URL-safe encoding.

        The preset chosen as base is the one that needs the fewest changes.
        """
        best_name, best_diff = "", None
        for name, preset in self.presets().items():
            d = self.diff(preset)
            if best_diff is None or len(d) < len(best_diff):
                best_name, best_diff = name, d
        assert best_diff is not None
        parts = [f"{self.VERSION}.{best_name}"]
        parts += [f"{p}={_encode_value(p, v)}" for p, v in best_diff]
        return "~".join(parts)

    @classmethod
    def decode(cls, text: str, *, validate: bool = True) -> Self:
        """Inverse of :meth:`encode`; raises :class:`InvalidRulesError` with the reason.

        ``validate=False`` still refuses malformed encodings and unknown options, but returns
        a combination of options that do not go together (a rules editor shows it as it is)."""
        if not isinstance(text, str) or not text:
            raise InvalidRulesError(msg("empty rules encoding"))
        head, *changes = text.split("~")
        version_text, dot, preset_name = head.partition(".")
        if not dot or not version_text.isdigit():
            raise InvalidRulesError(msg("rules encoding {text} does not start with <version>.<preset>", text=repr(text)))
        version = int(version_text)
        if version > cls.VERSION:
            raise InvalidRulesError(
                msg("these rules were written by a newer version of the app (rules v{version}; this is v{ours})",
                    version=version, ours=cls.VERSION)
            )
        pairs: list[tuple[str, str]] = []
        for change in changes:
            path, eq, raw = change.partition("=")
            if not eq or not _PATH.match(path):
                raise InvalidRulesError(msg("malformed rule option {change}", change=repr(change)))
            pairs.append((path, raw))
        if version < cls.VERSION:
            preset_name, pairs = cls.migrate(version, preset_name, pairs)
        rules = cls.preset(preset_name)
        seen: set[str] = set()
        for path, raw in pairs:
            if path in seen:
                raise InvalidRulesError(msg("rule option {path} is given twice", path=repr(path)))
            seen.add(path)
            rules = rules.with_option(path, _decode_value(path, rules.get(path), raw))
        if validate:
            rules.validate()
        return rules

    @classmethod
    def migrate(
        cls, version: int, preset: str, pairs: list[tuple[str, str]]
    ) -> tuple[str, list[tuple[str, str]]]:
        """Rewrite an older encoding into the current version's terms (override when bumping)."""
        raise InvalidRulesError(msg("rules v{version} can no longer be read", version=version))


def _leaves(obj: Any, prefix: str) -> Iterator[tuple[str, Value]]:
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        path = prefix + f.name
        if dataclasses.is_dataclass(value):
            yield from _leaves(value, path + ".")
        else:
            yield path, value


def _replace_path(obj: Any, parts: list[str], value: Value) -> Any:
    head = parts[0]
    if len(parts) == 1:
        return dataclasses.replace(obj, **{head: value})
    return dataclasses.replace(obj, **{head: _replace_path(getattr(obj, head), parts[1:], value)})


def _plain(value: Value) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _coerce(path: str, current: Value, value: Value) -> Value:
    """Check ``value`` against the type of the option's current value."""
    if isinstance(current, bool):
        if isinstance(value, bool):
            return value
    elif isinstance(current, int):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif isinstance(current, enum.Enum):
        try:
            return type(current)(value.value if isinstance(value, enum.Enum) else value)
        except ValueError:
            choices = ", ".join(str(m.value) for m in type(current))
            raise InvalidRulesError(msg("{path} must be one of {choices}, not {value}", path=path, choices=choices,
                                        value=repr(value))) from None
    elif isinstance(current, str):
        if isinstance(value, str):
            return value
    elif isinstance(current, tuple):
        if isinstance(value, (tuple, list)) and all(isinstance(v, str) for v in value):
            return tuple(value)
    else:  # pragma: no cover - a game declared an option of an unsupported type
        raise InvalidRulesError(msg("option {path} has an unsupported type {kind}", path=path,
                                    kind=type(current).__name__))
    raise InvalidRulesError(msg("{path} must be a {kind}, not {value}", path=path, kind=type(current).__name__,
                                value=repr(value)))


def _encode_value(path: str, value: Value) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    text = ",".join(value) if isinstance(value, tuple) else str(_plain(value))
    if not _TOKEN.match(text.replace(",", "")):
        raise InvalidRulesError(msg("option {path} has a value that cannot go in a link: {text}", path=path,
                                    text=repr(text)))
    return text


def _decode_value(path: str, current: Value, raw: str) -> Value:
    if isinstance(current, bool):
        if raw in ("0", "1"):
            return raw == "1"
        raise InvalidRulesError(msg("{path} must be 0 or 1, not {raw}", path=path, raw=repr(raw)))
    if isinstance(current, int):
        if re.fullmatch(r"-?[0-9]{1,9}", raw):
            return int(raw)
        raise InvalidRulesError(msg("{path} must be a whole number, not {raw}", path=path, raw=repr(raw)))
    if isinstance(current, tuple):
        return tuple(raw.split(",")) if raw else ()
    return raw
