"""The engine's messages in the player's language.

Every message a player can meet is raised as :func:`pyengine.core.messages.msg` (an English
template with named parameters).  The Korean and Japanese templates live as data in
:mod:`.messages_ko` and :mod:`.messages_ja`, keyed by the English template; :func:`localize`
fills the translated template with its parameters, translated in turn, and falls back to the
English text for a template no table has (a test keeps the tables complete).

>>> from pyengine.core.messages import msg
>>> e = ValueError(msg("you cannot move now: {who}", who=msg("the game is over")))
>>> localize(e, "ko")
'지금은 둘 수 없습니다: 게임이 끝났습니다'
>>> localize(e, "ja")
'今は指せません: 対局は終わりました'
>>> localize(e, "en") == str(e)
True
>>> localize(ValueError("an old message"), "ja")
'an old message'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from pyengine.core.errors import EngineError, InvalidLinkError
from pyengine.core.messages import Msg, message_of

from .messages_ja import JA
from .messages_ko import KO

TABLES: Final[Mapping[str, Mapping[str, str]]] = {"ko": KO, "ja": JA}
"""Each language's templates, keyed by the English template."""


def localize(message: BaseException | str, lang: str) -> str:
    """``message`` (an exception, a :class:`Msg` or plain text) in ``lang``.

    >>> from pyengine.core.messages import words
    >>> localize(words(en="Daifugō", ja="大富豪"), "ja"), localize(words(en="Daifugō", ja="大富豪"), "ko")
    ('大富豪', 'Daifugō')
    """
    text = message_of(message) if isinstance(message, BaseException) else message
    if not isinstance(text, Msg) or lang == "en":
        return str(text)
    if text.variants:
        return text.variants.get(lang, str(text))
    template = TABLES.get(lang, {}).get(text.template)
    if template is None:
        return str(text)
    return template.format(**{k: localize(v, lang) if isinstance(v, Msg) else v for k, v in text.params.items()})


def error_json(exc: EngineError, lang: str) -> dict[str, object]:
    """The bridge's answer for ``exc``: its message in ``lang`` and in English (for details);
    a link error adds its ``code`` and ``params`` (translated where they are messages).

    >>> from pyengine.core.errors import IllegalActionError
    >>> from pyengine.core.messages import msg
    >>> error_json(IllegalActionError(msg("the game is over")), "ja")["error"]
    '対局は終わりました'
    """
    out: dict[str, object] = {"error": localize(exc, lang), "error_en": str(exc), "kind": type(exc).__name__}
    if isinstance(exc, InvalidLinkError):  # the page translates link errors from the code
        out.update(code=exc.code, params={k: localize(v, lang) if isinstance(v, Msg) else v
                                          for k, v in exc.params.items()})
    return out
