#!/usr/bin/env bash
# Makes the board's spoken numbers: internal/web/voice/1.ogg .. 90.ogg, each
# number said once in French by Debian's espeak-ng, its silences trimmed, in
# Ogg Opus, mono, at a speech bitrate (about 2 KB a number). The board plays
# them, each twice, when the browser has no French voice of its own that
# works offline (docs/board.md). The files are committed: run this again only
# to change the voice, then commit what it wrote.
#
# Needs: apt-get install espeak-ng sox opus-tools
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in espeak-ng sox opusenc; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "voices.sh: $tool is missing: apt-get install espeak-ng sox opus-tools" >&2
    exit 1
  }
done

out=internal/web/voice
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
for n in $(seq 1 90); do
  # espeak-ng says the digits as French words ("quatre-vingt-dix");
  # -s 140 words a minute is a caller's pace, clear at the back of a hall.
  espeak-ng -v fr -s 140 -w "$tmp/raw.wav" "$n"
  # Trim the silence at both ends (the board spaces the two sayings
  # itself), mono at 16 kHz: a voice needs no more.
  sox --no-dither "$tmp/raw.wav" -r 16000 -c 1 "$tmp/n.wav" \
    silence 1 0.02 0.5% reverse silence 1 0.02 0.5% reverse
  # No dither (sox), a fixed serial and no padding: the same input makes
  # the same file.
  opusenc --quiet --speech --bitrate 20 --serial "$n" --padding 0 "$tmp/n.wav" "$out/$n.ogg"
done
echo "voices.sh: $(cat "$out"/*.ogg | wc -c) bytes in $out"
