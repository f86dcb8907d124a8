#!/usr/bin/env bash
# Builds the hall's binary, loto (./cmd/loto only: never the load generator),
# for the machines associations have, static and version stamped, into dist/
# with its SHA256SUMS:
#
#   scripts/release.sh VERSION          build dist/loto-VERSION-OS-ARCH[.exe] and dist/SHA256SUMS
#   scripts/release.sh --check VERSION  the same (the build is reused when dist/ holds it, checked
#                                       against SHA256SUMS), then a smoke day on three of them:
#                                       linux/amd64 natively, linux/arm64 under qemu-user
#                                       (qemu-aarch64-static) and windows/amd64 under wine
#
# Nothing but Go and Debian's packages: qemu-user-static, wine, gcc-mingw-w64-x86-64
# (for the check's bcryptprimitives.dll, scripts/wine/), curl and jq. The figures it
# prints are kept in docs/release.md.
set -euo pipefail
cd "$(dirname "$0")/.."

check=0
if [ "${1:-}" = --check ]; then
  check=1
  shift
fi
version=${1:-}
if [ -z "$version" ] || [ $# -ne 1 ] || ! [[ $version =~ ^[0-9A-Za-z][0-9A-Za-z._+-]*$ ]]; then
  echo "usage: scripts/release.sh [--check] VERSION   (VERSION: letters, digits, . _ + -; e.g. 1.0.0)" >&2
  exit 2
fi

targets=(windows/amd64 darwin/arm64 darwin/amd64 linux/amd64 linux/arm64)
name() { # OS ARCH -> file name in dist/
  local ext=""
  [ "$1" = windows ] && ext=.exe
  echo "loto-$version-$1-$2$ext"
}
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

mkdir -p dist
built=1
for t in "${targets[@]}"; do
  [ -f "dist/$(name "${t%/*}" "${t#*/}")" ] || built=0
done
if [ "$check" -eq 1 ] && [ "$built" -eq 1 ] && [ -f dist/SHA256SUMS ] && (cd dist && sha256sum --quiet -c SHA256SUMS); then
  echo "release: dist/ holds loto $version, its SHA256SUMS verified: reused"
else
  for t in "${targets[@]}"; do
    os=${t%/*} arch=${t#*/} out="dist/$(name "${t%/*}" "${t#*/}")"
    start=$(now)
    CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath \
      -ldflags "-s -w -X main.Version=$version" -o "$out" ./cmd/loto
    printf 'release: %-14s %6.1f MB  built in %ss\n' "$t" "$(awk -v s="$(stat -c %s "$out")" 'BEGIN { print s / 1e6 }')" "$(since "$start")"
  done
  (cd dist && sha256sum "loto-$version-"* > SHA256SUMS)
  echo "release: dist/SHA256SUMS written"
fi
[ "$check" -eq 1 ] || exit 0

# The smoke day. bin is the binary, emu the emulator that runs it (none,
# qemu-aarch64-static, wine), path the form of a file's name it reads.
work=$(mktemp -d /tmp/loto-release.XXXXXX)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "release --check: $*" >&2; exit 1; }
run_loto() { "${emu[@]}" "$bin" "$@"; }

# A small day, drawn by hand, so that a claim can be made to win.
cat > "$work/event.yaml" <<EOF
name: Loto d'essai
date: $(date +%F)
venue: Salle des fêtes
schedule:
  doors: "00:00"
  start: "00:00"
series:
  - {code: A, kind: regular, cards: 12, color: jaune}
prices:
  regular: [{cards: 1, cents: 500}]
desks: [{name: caisse-1, pmr: true}]
draw: manual
programme:
  - title: Partie 1
    stages:
      - {stage: quine, prize: {label: Bon de 30 €, kind: voucher, cents: 3000}}
EOF

# smoke LABEL: serve --demo answers /api/v1/status and /tableau and stops on
# SIGINT; then a day by the command line: event, desk, a sale, a game whose
# numbers are a card's first row, its claim, control and award, journal
# verify and audit draws.
smoke() {
  local label=$1 dir="$work/$1" start port out
  mkdir -p "$dir"
  start=$(now)
  out=$(run_loto version)
  [ "${out%$'\r'}" = "loto $version" ] || fail "$label: « loto version » says « $out », not « loto $version »"

  : > "$dir/serve.out"
  "${emu[@]}" "$bin" serve --demo --demo-interval 200ms --addr 127.0.0.1:0 --db "$(path "$dir/serve.db")" \
    > "$dir/serve.out" 2> "$dir/serve.err" &
  server=$!
  port=""
  for _ in $(seq 600); do
    port=$(sed -n 's#^loto serve : à l.écoute sur http://127\.0\.0\.1:\([0-9]*\)/.*#\1#p' "$dir/serve.out" | head -n 1)
    [ -n "$port" ] && break
    kill -0 "$server" 2>/dev/null || fail "$label: serve stopped: $(cat "$dir/serve.err")"
    sleep 0.1
  done
  [ -n "$port" ] || fail "$label: serve never listened: $(cat "$dir/serve.out" "$dir/serve.err")"
  for p in api/v1/status tableau; do
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 20 "http://127.0.0.1:$port/$p")
    [ "$code" = 200 ] || fail "$label: /$p answered $code"
  done
  kill -INT "$server"
  local rc=0
  wait "$server" || rc=$?
  server=""
  [ "$rc" -eq 0 ] || fail "$label: serve exited $rc after SIGINT: $(tail -n 5 "$dir/serve.err")"
  grep -q "serveur arrêté proprement" "$dir/serve.out" || fail "$label: no clean stop: $(tail -n 5 "$dir/serve.out")"
  echo "release --check: $label: serve --demo answered /api/v1/status and /tableau, stopped cleanly on SIGINT ($(since "$start")s)"

  start=$(now)
  local db card serial
  db=$(path "$dir/day.db")
  day() { run_loto "$@" --db "$db" > "$dir/last.out" 2> "$dir/last.err" || fail "$label: loto $*: $(cat "$dir/last.err")"; }
  day event create --from "$(path "$work/event.yaml")"
  run_loto series export --series A --db "$db" > "$dir/cards.jsonl"
  card=$(head -n 1 "$dir/cards.jsonl" | tr -d '\r')
  serial=$(jq -r .serial <<<"$card")
  day desk open caisse-1 --float 0
  day sell --desk caisse-1 --pay cash:5 "$serial"
  jq -e '.total_cents == 500' "$dir/last.out" > /dev/null || fail "$label: the sale: $(cat "$dir/last.out")"
  day game start
  for n in $(jq -r '.grid[0][] | select(. != 0)' <<<"$card"); do
    day game draw "$n"
  done
  day game claim "$serial"
  day game control
  grep -q "carton gagnant" "$dir/last.out" || fail "$label: the control: $(cat "$dir/last.out")"
  day game award
  grep -q "Bon de 30 €" "$dir/last.out" || fail "$label: the award: $(cat "$dir/last.out")"
  day journal verify
  grep -q "journal intègre" "$dir/last.out" || fail "$label: journal verify: $(cat "$dir/last.out")"
  day audit draws
  echo "release --check: $label: a day by the command line (sale, 5 draws, claim, control, award, journal verify, audit draws) passed ($(since "$start")s)"
}

# The Mac builds cannot be started here: their form is checked, and the
# arm64 one's signature, without which Apple silicon refuses to run it.
go run scripts/machosig.go "dist/$(name darwin arm64)" "dist/$(name darwin amd64)" || fail "a darwin build is not a signed Mach-O executable"

# linux/amd64, natively.
bin=dist/$(name linux amd64)
emu=()
path() { echo "$1"; }
smoke linux-amd64

# linux/arm64 under qemu-user.
command -v qemu-aarch64-static > /dev/null || fail "qemu-aarch64-static missing: apt-get install qemu-user-static"
bin=dist/$(name linux arm64)
emu=(qemu-aarch64-static)
smoke linux-arm64-qemu

# windows/amd64 under wine, in a throw-away prefix. Debian 12's wine 8.0
# has no bcryptprimitives.dll, which the Go runtime loads for ProcessPrng at
# start: scripts/wine/ builds a stand-in forwarding to RtlGenRandom.
for tool in wine wineboot x86_64-w64-mingw32-gcc; do
  command -v "$tool" > /dev/null || fail "$tool missing: apt-get install wine gcc-mingw-w64-x86-64"
done
start=$(now)
export WINEPREFIX="$work/wine" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
wineboot -i > /dev/null 2>&1 || fail "wineboot -i failed"
x86_64-w64-mingw32-gcc -shared -O2 -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
  scripts/wine/bcryptprimitives.c scripts/wine/bcryptprimitives.def -ladvapi32
echo "release --check: wine prefix and bcryptprimitives.dll ready ($(since "$start")s)"
bin=dist/$(name windows amd64)
emu=(wine)
path() { winepath -w "$1" 2>/dev/null; }
smoke windows-amd64-wine

# The double-click start: no arguments, loto.db beside the .exe, the
# volunteer's text, the board served, a clean stop.
start=$(now)
dir="$work/double-clic"
mkdir -p "$dir"
cp "$bin" "$dir/loto.exe"
: > "$dir/start.out"
wine "$dir/loto.exe" < /dev/null > "$dir/start.out" 2> "$dir/start.err" &
server=$!
for _ in $(seq 600); do
  grep -q "Ctrl+C ou fermer cette fenêtre pour arrêter" "$dir/start.out" && break
  kill -0 "$server" 2>/dev/null || fail "windows-amd64-wine: loto.exe without arguments stopped: $(cat "$dir/start.out" "$dir/start.err")"
  sleep 0.1
done
grep -qF "la journée est gardée dans $(path "$dir/loto.db")" "$dir/start.out" || fail "windows-amd64-wine: loto.db not beside loto.exe: $(cat "$dir/start.out")"
port=$(sed -n 's#^ *http://127\.0\.0\.1:\([0-9]*\)/connexion/initialiser.*#\1#p' "$dir/start.out" | head -n 1)
[ -n "$port" ] || fail "windows-amd64-wine: no one-time link: $(cat "$dir/start.out")"
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 20 "http://127.0.0.1:$port/tableau")
[ "$code" = 200 ] || fail "windows-amd64-wine: /tableau answered $code after a start without arguments"
kill -INT "$server"
rc=0
wait "$server" || rc=$?
server=""
[ "$rc" -eq 0 ] || fail "windows-amd64-wine: loto.exe without arguments exited $rc after SIGINT"
echo "release --check: windows-amd64-wine: started without arguments on loto.db beside loto.exe, served /tableau, stopped cleanly ($(since "$start")s)"
wineserver -k 2>/dev/null || true
echo "release --check: loto $version passed its smoke days"
