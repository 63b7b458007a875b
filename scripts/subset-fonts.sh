#!/bin/sh
# Regenerates assets/fonts/ from the dejavu-fonts-ttf npm package: DejaVu Sans and Sans Bold cut to the scripts our
# pictures draw (Latin, punctuation, currency, arrows, a few maths signs, shapes, ticks). resvg reads and parses the
# font file for every glyph it draws, so a seventh of the file renders a text-heavy picture about twice as fast; every
# glyph, its metrics and kerning are kept (layout tables too), so a picture renders to the same bytes with either
# file. The hinting (TrueType instructions, a third of the cut) goes: resvg never runs it, so the pixels are the same
# and a picture renders in 0.7 of the time. Needs fonttools (`pip install fonttools`); keep LATIN_RANGES in
# src/services/workspace/formats/png.ts equal to UNICODES below.
set -eu
cd "$(dirname "$0")/.."
UNICODES="U+0020-007E,U+00A0-024F,U+2000-206F,U+20A0-20CF,U+2100-214F,U+2190-21FF,U+2212,U+2248,U+221E,U+2260,U+2264,U+2265,U+25A0-25FF,U+2713-2718"
for face in DejaVuSans DejaVuSans-Bold; do
  pyftsubset "node_modules/dejavu-fonts-ttf/ttf/$face.ttf" --unicodes="$UNICODES" --layout-features='*' --no-hinting \
    --output-file="assets/fonts/$face-latin.ttf"
done
cp node_modules/dejavu-fonts-ttf/LICENSE assets/fonts/LICENSE
