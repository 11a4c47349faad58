"""Which texts can be saved: one check for names, titles, person ids, places and notes."""

from __future__ import annotations

import unicodedata


def has_bad_char(text: str, allowed: str = "") -> bool:
    """Whether ``text`` holds a control character (other than those ``allowed``), or half of a surrogate pair (text
    that cannot be saved as UTF-8)."""
    return any(unicodedata.category(char) in ("Cc", "Cs") and char not in allowed for char in text)
