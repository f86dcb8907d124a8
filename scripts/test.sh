#!/usr/bin/env bash
# Runs every test of loto. On a fresh Debian machine with Go it first installs
# what the tests need from Debian's packages when missing (PostgreSQL server,
# poppler-utils for rendering PDFs, chromium with its French locale and a
# font for the browser tests: Debian's own build, never a browser a tool downloads; nginx, the reverse proxy that
# docs/deploy.md configures, for the several-instances test), then starts a private PostgreSQL for the
# run (a throw-away cluster on a Unix socket) and stops it afterwards.
# Extra arguments go to `go test` (e.g. scripts/test.sh -run TestR17 ./internal/game).
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

need=()
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
[ -x "$(pg_bin)/initdb" ] || need+=(postgresql)
[ -x /usr/bin/chromium ] || need+=(chromium)
# The browser tests run chromium in French, as a hall's browsers are: its
# own words (a field's date, a form's refusal) need its French locale.
[ -e /usr/lib/chromium/locales/fr.pak ] || need+=(chromium-l10n)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)
if [ ${#need[@]} -gt 0 ]; then
  echo "test.sh: installing ${need[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root apt-get install -y -qq --no-install-recommends $(printf '%s\n' "${need[@]}" | sort -u) >/dev/null
fi

# A private PostgreSQL: initdb refuses to run as root, so root runs it as the
# postgres user that the Debian package creates.
bin=$(pg_bin)
pgdir=$(mktemp -d /tmp/loto-pg.XXXXXX)
run_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" -eq 0 ] && chown postgres "$pgdir"
stop_pg() {
  run_pg "$bin/pg_ctl" -D "$pgdir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$pgdir"
}
trap stop_pg EXIT
run_pg "$bin/initdb" -D "$pgdir/data" -U postgres -A trust --no-sync >/dev/null
run_pg "$bin/pg_ctl" -D "$pgdir/data" -l "$pgdir/log" -w \
  -o "-c listen_addresses='' -k $pgdir -c max_connections=200" start >/dev/null
export LOTO_TEST_PG="postgres://postgres@/postgres?host=$pgdir&sslmode=disable"
echo "test.sh: private PostgreSQL at $pgdir" >&2

if [ $# -eq 0 ]; then
  go vet ./...
  set -- ./...
fi
go test -timeout 30m "$@"
