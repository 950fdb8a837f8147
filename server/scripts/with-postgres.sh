#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server:
#   server/scripts/with-postgres.sh node --import tsx --test server/test/*.test.ts
# Installs Debian's postgresql when no server binaries are present (needs root and apt), creates a
# cluster in a temporary directory on a free loopback port, creates a database, exports DATABASE_URL,
# runs the command, then stops the server and deletes the cluster. The command's exit code is kept.
# When the server cannot be started and CI is not set, it prints why and exits 0 (a visible skip);
# under CI (CI=1/true) that is a failure.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

skip_or_fail() {
  echo "with-postgres: $1" >&2
  if [ -n "${CI:-}" ] && [ "${CI}" != "0" ] && [ "${CI}" != "false" ]; then
    exit 1
  fi
  echo "with-postgres: SKIPPED the PostgreSQL run (not in CI); the command was not run against PostgreSQL" >&2
  exit 0
}

find_bindir() {
  local dir best=""
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && best="$dir"
  done
  echo "$best"
}

BINDIR="$(find_bindir)"
if [ -z "$BINDIR" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    skip_or_fail "no PostgreSQL server binaries under /usr/lib/postgresql and not root, so cannot apt-get install postgresql"
  fi
  echo "with-postgres: installing Debian's postgresql (apt-get)…" >&2
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }; then
    skip_or_fail "apt-get install postgresql failed"
  fi
  BINDIR="$(find_bindir)"
  [ -n "$BINDIR" ] || skip_or_fail "postgresql installed but no initdb found under /usr/lib/postgresql/*/bin"
fi

# initdb refuses to run as root, so the cluster belongs to the postgres system user when we are root.
RUN_AS=()
if [ "$(id -u)" -eq 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin postgres || skip_or_fail "cannot create the postgres system user"
  fi
  RUN_AS=(runuser -u postgres --)
fi

WORK="$(mktemp -d /tmp/mainstreet-pg.XXXXXX)"
chmod 755 "$WORK"
[ "${#RUN_AS[@]}" -gt 0 ] && chown postgres "$WORK"

PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"

cleanup() {
  "${RUN_AS[@]}" "$BINDIR/pg_ctl" -D "$WORK/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

if ! "${RUN_AS[@]}" "$BINDIR/initdb" -D "$WORK/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$WORK/initdb.log" 2>&1; then
  cat "$WORK/initdb.log" >&2
  skip_or_fail "initdb failed"
fi
if ! "${RUN_AS[@]}" "$BINDIR/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -w -t 60 \
  -o "-p $PORT -k $WORK -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null; then
  cat "$WORK/server.log" >&2 || true
  skip_or_fail "the PostgreSQL server did not start"
fi
"$BINDIR/createdb" -h 127.0.0.1 -p "$PORT" -U postgres mainstreet_test

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/mainstreet_test"
echo "with-postgres: PostgreSQL $("$BINDIR/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (DATABASE_URL set)" >&2

set +e
"$@"
STATUS=$?
set -e
exit "$STATUS"
