"""Compares a frame the daemon wrote (`--output png:DIR`) with a `hud render`
of what it should show: prints the number of pixels whose worst RGB channel
differs by more than 48 levels (GoldenImageTests' measure). Standard library
only (board/realboot/pixels.py's PNG decoder).

Usage: frames.py FRAME.png REFERENCE.png
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "realboot"))
from pixels import read_png  # noqa: E402

w1, h1, a = read_png(sys.argv[1])
w2, h2, b = read_png(sys.argv[2])
if (w1, h1) != (w2, h2):
    sys.exit(f"frames.py: {sys.argv[1]} is {w1}x{h1}, {sys.argv[2]} is {w2}x{h2}")
far = 0
for i in range(0, len(a), 3):
    if max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2])) > 48:
        far += 1
print(far)
