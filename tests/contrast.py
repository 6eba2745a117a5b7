"""WCAG 2's contrast ratio between two colours (1:1 to 21:1; text reads well from 4.5:1, AAA from 7:1)."""
from __future__ import annotations

RGB = tuple[int, int, int]


def rgb(colour: str) -> RGB:
    """A CSS colour written #rgb or #rrggbb."""
    digits = colour.strip().lstrip("#")
    digits = "".join(c * 2 for c in digits) if len(digits) == 3 else digits
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def luminance(colour: RGB) -> float:
    r, g, b = ((c / 255) / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: RGB, other: RGB) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
