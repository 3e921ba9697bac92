"""Odds as a reader sees them: the exact fraction and a percentage, in the
reader's language (Russian writes a decimal comma)."""

from __future__ import annotations

from fractions import Fraction

from referee.core.i18n import Lang, msg, render
from referee.odds.dice import fraction_text
from referee.odds.result import Odds


def percent(value: Fraction, lang: Lang = "en", places: int = 2) -> str:
    """``value`` as a percentage rounded to ``places`` (exact halves round up)."""
    scaled = value * 100 * 10**places
    whole = int(scaled + Fraction(1, 2))
    text = f"{whole // 10**places}" + (f".{whole % 10**places:0{places}d}" if places else "")
    return text.replace(".", ",") if lang == "ru" else text


def exact(value: Fraction, lang: Lang = "en") -> str:
    """"1/12 ≈ 8.33%"."""
    return render(msg("odds.percent", fraction=_short(value), percent=percent(value, lang)), lang)


def _short(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else fraction_text(value)


def describe(odds: Odds, lang: Lang = "en") -> list[str]:
    """The answer in lines: the question and its probability, each outcome,
    each breakdown, and how a Hero's choices were made."""
    lines = [f"{render(odds.what, lang)}: {exact(odds.probability, lang)}",
             render(msg("odds.distribution"), lang)]
    lines += [_outcome(render(odds.labels[key], lang), p, lang)
              for key, p in odds.distribution.items()]
    for name, dist in odds.breakdowns.items():
        lines.append(render(msg(f"odds.breakdown.{name}"), lang))
        lines += [_outcome(_label(odds, name, k, lang), p, lang) for k, p in dist.items()]
    lines += [render(note, lang) for note in odds.notes]
    return lines


def _label(odds: Odds, breakdown: str, key: str, lang: Lang) -> str:
    """A breakdown's outcome as the reader sees it: its label, a side, or the
    number itself."""
    labels = odds.breakdown_labels.get(breakdown, {})
    if key in labels:
        return render(labels[key], lang)
    if breakdown == "winner":
        return render(msg(f"odds.side.{key}"), lang)
    return key


def _outcome(name: str, value: Fraction, lang: Lang) -> str:
    return "  " + render(msg("odds.outcome", outcome=name, fraction=_short(value),
                             percent=percent(value, lang)), lang)
