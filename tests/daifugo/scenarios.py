"""The scenario tests of the rules catalogue (``docs/daifugo-rules.md``): each names the rule it plays
(an option ``path`` or ``path=value``) and quotes the source article or the specification.

``tests/daifugo/test_daifugo_rules_coverage.py`` checks that every option and every value of a
choice has at least one scenario.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

SCENARIOS: dict[str, list[str]] = defaultdict(list)
"""Rule (``path`` or ``path=value``) → the scenario tests that play it."""

QUOTES: dict[str, str] = {}
"""Scenario test → the words of the article or the specification it holds the engine to."""


def rule(*rules: str, quote: str) -> Callable[[F], F]:
    """Mark a test as the scenario of ``rules``, quoting its source."""
    assert quote.strip() and rules

    def mark(test: F) -> F:
        name = f"{test.__module__}.{test.__qualname__}"
        QUOTES[name] = quote
        for r in rules:
            SCENARIOS[r].append(name)
        return test

    return mark


__all__ = ["QUOTES", "SCENARIOS", "rule"]
