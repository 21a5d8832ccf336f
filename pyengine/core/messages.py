"""Messages for people: an English template with named parameters, translated at the edge.

An error raised with ``msg(...)`` reads exactly as the English text it always was (a
:class:`Msg` *is* that string), and keeps its template and parameters, so the app can show it in
the player's language (:func:`pyengine.app.messages.localize`, whose tables are keyed by the
English template).  A parameter may itself be a message (translated in turn), an exception
(its message is kept) or plain data (numbers, action strings, square names), which is shown
as is.

>>> m = msg("you cannot move now: {who}", who=msg("the game is over"))
>>> m
'you cannot move now: the game is over'
>>> m.template, m.params["who"].template
('you cannot move now: {who}', 'the game is over')
>>> str(ValueError(m))
'you cannot move now: the game is over'
>>> message_of(ValueError(m)).template
'you cannot move now: {who}'
>>> words(en="Daifugō", ko="대부호", ja="大富豪").variants["ja"]
'大富豪'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

_EMPTY: Final[Mapping[str, str]] = MappingProxyType({})


class Msg(str):
    """An English message (the string itself) that remembers how it was made.

    ``template`` is the English template, ``params`` its named parameters; ``variants`` holds
    a word's own translations (from :func:`words`), when it is not a template."""

    template: str
    params: Mapping[str, object]
    variants: Mapping[str, str]

    def __new__(cls, text: str, template: str, params: Mapping[str, object],
                variants: Mapping[str, str] = _EMPTY) -> Msg:
        self = super().__new__(cls, text)
        self.template = template
        self.params = MappingProxyType(dict(params))
        self.variants = variants
        return self


def msg(template: str, **params: object) -> Msg:
    """The message ``template`` filled with ``params`` (``{name}`` fields only).

    An exception given as a parameter stands for its message (:func:`message_of`).

    >>> msg("ply {ply}: {reason}", ply=3, reason=KeyError("x")).params["reason"]
    "'x'"
    """
    kept = {k: message_of(v) if isinstance(v, BaseException) else v for k, v in params.items()}
    return Msg(template.format(**kept), template, kept)


def words(en: str, **others: str) -> Msg:
    """A word or name given in each language (a game's name, a phase): no table needed.

    >>> words(en="over", ko="끝").variants
    mappingproxy({'ko': '끝'})
    """
    return Msg(en, en, {}, MappingProxyType(dict(others)))


def message_of(exc: BaseException) -> str:
    """The message of ``exc``: its :class:`Msg` when it was raised with one, else ``str(exc)``.

    >>> message_of(ValueError("plain")), type(message_of(ValueError(msg("made"))))
    ('plain', <class 'pyengine.core.messages.Msg'>)
    """
    text = str(exc)
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Msg) and first == text else text
