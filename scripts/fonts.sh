#!/usr/bin/env bash
# Makes the fonts the PDFs embed (internal/print/fonts): Liberation Sans and
# Liberation Mono from Debian's fonts-liberation2 (SIL OFL 1.1), the metric
# twins of Helvetica and Courier, so that the layouts measured with the core
# fonts' widths print the same. Each is cut down to the Windows-1252
# characters the documents use and, being so modified, renamed (LotoSans,
# LotoMono) as the OFL asks of a modified font; then fpdf's makefont writes
# the definition (.json) and the compressed font (.z) that fpdf embeds.
# Run it again only to change the fonts: its output is committed.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
src=/usr/share/fonts/truetype/liberation2
if [ ! -d "$src" ] || ! command -v pyftsubset >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root apt-get install -y -qq --no-install-recommends fonts-liberation2 fonttools >/dev/null
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Windows-1252: ASCII, Latin-1 and the 27 characters it puts at 0x80-0x9F.
chars="U+0020-007E,U+00A0-00FF,U+20AC,U+201A,U+0192,U+201E,U+2026,U+2020,U+2021,U+02C6,U+2030,U+0160,U+2039,U+0152,U+017D,U+2018,U+2019,U+201C,U+201D,U+2022,U+2013,U+2014,U+02DC,U+2122,U+0161,U+203A,U+0153,U+017E,U+0178"
for pair in Sans-Regular:LotoSans-Regular Sans-Bold:LotoSans-Bold Sans-Italic:LotoSans-Italic \
  Sans-BoldItalic:LotoSans-BoldItalic Mono-Regular:LotoMono-Regular Mono-Bold:LotoMono-Bold; do
  from=Liberation${pair%%:*} to=${pair##*:}
  pyftsubset "$src/$from.ttf" --unicodes="$chars" --no-hinting --output-file="$work/$to.ttf" 2>/dev/null
  /usr/bin/python3 - "$work/$to.ttf" "$to" <<'PY'
import sys
from fontTools.ttLib import TTFont
path, ps = sys.argv[1], sys.argv[2]
family, style = ps.split("-")
f = TTFont(path)
for rec in f["name"].names:
    if rec.nameID in (1, 16):
        rec.string = family
    elif rec.nameID in (3, 4):
        rec.string = family + " " + style
    elif rec.nameID == 6:
        rec.string = ps
f.save(path)
PY
done
fpdf=$(go list -m -f '{{.Dir}}' github.com/go-pdf/fpdf)
go run github.com/go-pdf/fpdf/makefont -embed -enc "$fpdf/font/cp1252.map" -dst internal/print/fonts "$work"/*.ttf >/dev/null
ls -l internal/print/fonts
