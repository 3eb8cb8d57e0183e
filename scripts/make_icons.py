#!/usr/bin/env python3
"""Draw the app icons into site/icons/: one SVG and PNGs rasterised from the same shapes.

Standard library only (PNG written with zlib), so no imaging package is needed. The PNGs are committed;
rerun this after changing the drawing:  python3 scripts/make_icons.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "site" / "icons"

WOOD = (0x5B, 0x3A, 0x1E)
FELT = (0xF3, 0xE9, 0xD8)
POINT_DARK = (0x8C, 0x2F, 0x1B)
POINT_LIGHT = (0xC8, 0x9B, 0x5A)
CHECKER_DARK = (0x1F, 0x1F, 0x1F)
CHECKER_LIGHT = (0xFF, 0xFF, 0xFF)

Colour = tuple[int, int, int]
# Shapes in a unit square, painted in order: ("rect", x0, y0, x1, y1, radius), ("tri", (x, y) * 3),
# ("circle", cx, cy, r).
Shape = tuple[str, tuple[float, ...], Colour]


def drawing() -> list[Shape]:
    shapes: list[Shape] = [("rect", (0.0, 0.0, 1.0, 1.0, 0.18), WOOD), ("rect", (0.1, 0.1, 0.9, 0.9, 0.04), FELT)]
    width = 0.8 / 6
    for i in range(6):
        x0 = 0.1 + i * width
        top, bottom = (POINT_DARK, POINT_LIGHT) if i % 2 == 0 else (POINT_LIGHT, POINT_DARK)
        shapes.append(("tri", (x0, 0.1, x0 + width, 0.1, x0 + width / 2, 0.46), top))
        shapes.append(("tri", (x0, 0.9, x0 + width, 0.9, x0 + width / 2, 0.54), bottom))
    shapes.append(("circle", (0.37, 0.62, 0.135), CHECKER_LIGHT))
    shapes.append(("circle", (0.37, 0.62, 0.105), (0xE6, 0xE6, 0xE6)))
    shapes.append(("circle", (0.63, 0.38, 0.135), CHECKER_DARK))
    shapes.append(("circle", (0.63, 0.38, 0.105), (0x3A, 0x3A, 0x3A)))
    return shapes


def scaled(shapes: list[Shape], factor: float, background: Colour) -> list[Shape]:
    """The drawing shrunk around the centre on a full-bleed background (maskable icons' safe zone)."""
    def s(v: float) -> float:
        return 0.5 + (v - 0.5) * factor

    out: list[Shape] = [("rect", (0.0, 0.0, 1.0, 1.0, 0.0), background)]
    for kind, p, colour in shapes:
        if kind == "circle":
            out.append((kind, (s(p[0]), s(p[1]), p[2] * factor), colour))
        elif kind == "rect":
            out.append((kind, (*map(s, p[:4]), p[4] * factor), colour))
        else:
            out.append((kind, tuple(map(s, p)), colour))
    return out


def inside(kind: str, p: tuple[float, ...], x: float, y: float) -> bool:
    if kind == "circle":
        return (x - p[0]) ** 2 + (y - p[1]) ** 2 <= p[2] ** 2
    if kind == "rect":
        x0, y0, x1, y1, r = p
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        cx, cy = min(max(x, x0 + r), x1 - r), min(max(y, y0 + r), y1 - r)
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    (ax, ay, bx, by, cx, cy) = p
    d1 = (x - bx) * (ay - by) - (ax - bx) * (y - by)
    d2 = (x - cx) * (by - cy) - (bx - cx) * (y - cy)
    d3 = (x - ax) * (cy - ay) - (cx - ax) * (y - ay)
    return not ((d1 < 0 or d2 < 0 or d3 < 0) and (d1 > 0 or d2 > 0 or d3 > 0))


def rasterise(shapes: list[Shape], size: int, samples: int = 3) -> bytes:
    """RGBA rows, each pixel averaged over samples x samples points (anti-aliasing)."""
    rows = bytearray()
    for py in range(size):
        rows.append(0)  # PNG filter type: none
        for px in range(size):
            total = [0, 0, 0, 0]
            for sy in range(samples):
                for sx in range(samples):
                    x, y = (px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size
                    colour = None
                    for kind, p, c in shapes:
                        if inside(kind, p, x, y):
                            colour = c
                    if colour is not None:
                        total[0] += colour[0]
                        total[1] += colour[1]
                        total[2] += colour[2]
                        total[3] += 255
            n = samples * samples
            alpha = total[3] // n
            if alpha:
                rows += bytes((*(channel * 255 // total[3] for channel in total[:3]), alpha))
            else:
                rows += b"\0\0\0\0"
    return bytes(rows)


def png(size: int, rgba_rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    image = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rgba_rows, 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + image


def svg(shapes: list[Shape]) -> str:
    def hexc(c: Colour) -> str:
        return "#{:02x}{:02x}{:02x}".format(*c)

    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">']
    for kind, p, c in shapes:
        q = [round(v * 100, 2) for v in p]
        if kind == "circle":
            parts.append(f'<circle cx="{q[0]}" cy="{q[1]}" r="{q[2]}" fill="{hexc(c)}"/>')
        elif kind == "rect":
            w, h = round(q[2] - q[0], 2), round(q[3] - q[1], 2)
            parts.append(f'<rect x="{q[0]}" y="{q[1]}" width="{w}" height="{h}" rx="{q[4]}" fill="{hexc(c)}"/>')
        else:
            points = " ".join(f"{q[i]},{q[i + 1]}" for i in range(0, 6, 2))
            parts.append(f'<polygon points="{points}" fill="{hexc(c)}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    shapes = drawing()
    (ICONS / "icon.svg").write_text(svg(shapes))
    for size in (192, 512):
        (ICONS / f"icon-{size}.png").write_bytes(png(size, rasterise(shapes, size)))
    maskable = scaled(shapes, 0.8, WOOD)
    (ICONS / "icon-maskable-512.png").write_bytes(png(512, rasterise(maskable, 512)))
    print(f"wrote icons to {ICONS}")


if __name__ == "__main__":
    main()
