#!/usr/bin/env bash
# Start, stop or check docket's own PostgreSQL cluster (Debian's binaries, loopback only).
#   scripts/postgres.sh start|stop|status|url
# Used by the local Supabase-compatible backend (scripts/dev-backend.sh) and by the backend's tests.
# Settings: DOCKET_PG_PORT (default 54329), DOCKET_PG_USER (default docket_admin),
#           DOCKET_PG_PASSWORD (default docket), DOCKET_PG_DATABASE (default docket),
#           DOCKET_PG_WAIT (seconds, default 60).
# The data directory is .run/postgres-PORT (its server log is .run/postgres-PORT/server.log).
# PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` system user;
# if that user cannot reach the repository (e.g. it sits under /root), the data directory moves to
# /tmp/docket-postgres-PORT-<hash> instead and `status` says where it is.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$DOCKET_ROOT"

PORT="${DOCKET_PG_PORT:-54329}"
PGUSER_NAME="${DOCKET_PG_USER:-docket_admin}"
PGPASS="${DOCKET_PG_PASSWORD:-docket}"
PGDB="${DOCKET_PG_DATABASE:-docket}"
WAIT="${DOCKET_PG_WAIT:-60}"
SOCKET_DIR=/tmp
URL="postgres://$PGUSER_NAME:$PGPASS@127.0.0.1:$PORT/$PGDB"

is_root() { [ "$(id -u)" -eq 0 ]; }

# Runs a PostgreSQL binary as the cluster owner: `postgres` when we are root, else ourselves.
as_owner() {
    if is_root; then runuser -u postgres -- "$@"; else "$@"; fi
}

ensure_installed() {
    if ! compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
        log "installing PostgreSQL (apt)"
        as_root apt-get update
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql postgresql-contrib
    fi
    PGBIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
    [ -x "$PGBIN/initdb" ] || die "no initdb under $PGBIN after installing postgresql"
    if is_root && ! id postgres >/dev/null 2>&1; then
        die "the 'postgres' system user is missing (it comes with Debian's postgresql package); reinstall postgresql"
    fi
}

# Chooses the data directory: .run/postgres-PORT, unless the cluster owner cannot reach it.
choose_datadir() {
    DATADIR="$DOCKET_RUN_DIR/postgres-$PORT"
    mkdir -p "$DOCKET_RUN_DIR"
    if is_root && ! runuser -u postgres -- test -x "$DOCKET_RUN_DIR" 2>/dev/null; then
        local hash; hash="$(printf '%s' "$DOCKET_ROOT" | cksum | cut -d' ' -f1)"
        DATADIR="/tmp/docket-postgres-$PORT-$hash"
    fi
    LOGFILE="$DATADIR/server.log"
}

pg_ready() { "$PGBIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" >/dev/null 2>&1; }

running() { [ -f "$DATADIR/postmaster.pid" ] && as_owner "$PGBIN/pg_ctl" -D "$DATADIR" status >/dev/null 2>&1; }

init_cluster() {
    log "creating a PostgreSQL cluster in $DATADIR"
    mkdir -p "$DATADIR"
    chmod 700 "$DATADIR"
    if is_root; then chown postgres:postgres "$DATADIR"; fi
    as_owner "$PGBIN/initdb" -D "$DATADIR" -U "$PGUSER_NAME" -E UTF8 --locale=C.UTF-8 \
        --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    cat >>"$DATADIR/postgresql.conf" <<EOF

# docket (scripts/postgres.sh)
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$SOCKET_DIR'
max_connections = 400
shared_buffers = 64MB
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
}

start() {
    ensure_installed
    choose_datadir
    if [ ! -f "$DATADIR/PG_VERSION" ]; then
        if [ -d "$DATADIR" ] && [ -n "$(ls -A "$DATADIR" 2>/dev/null)" ]; then
            die "$DATADIR exists but holds no cluster; remove it and run again"
        fi
        init_cluster
    fi
    if is_root; then chown -R postgres:postgres "$DATADIR"; fi
    if running; then
        log "PostgreSQL already running in $DATADIR"
    else
        if pg_ready; then die "something else already listens on 127.0.0.1:$PORT; set DOCKET_PG_PORT"; fi
        log "starting PostgreSQL on 127.0.0.1:$PORT (log $LOGFILE)"
        as_owner "$PGBIN/pg_ctl" -D "$DATADIR" -l "$LOGFILE" -w -t "$WAIT" start >/dev/null \
            || { tail -20 "$LOGFILE" >&2 || true; die "PostgreSQL did not start; see $LOGFILE"; }
    fi
    local i=0
    until pg_ready; do
        i=$((i + 1)); [ "$i" -le $((WAIT * 2)) ] || die "PostgreSQL did not accept connections within ${WAIT}s; see $LOGFILE"
        sleep 0.5
    done
    # The superuser exists since initdb; (re)set its password and create the database if missing.
    local psql=("$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$SOCKET_DIR" -p "$PORT" -U "$PGUSER_NAME" -d postgres)
    as_owner "${psql[@]}" -v pw="$PGPASS" <<'EOF' >/dev/null
SELECT set_config('docket.pw', :'pw', false);
DO $$ BEGIN EXECUTE format('ALTER ROLE %I WITH PASSWORD %L', current_user, current_setting('docket.pw')); END $$;
EOF
    if [ "$(as_owner "${psql[@]}" -tAc "SELECT 1 FROM pg_database WHERE datname = '$PGDB'")" != "1" ]; then
        as_owner "${psql[@]}" -c "CREATE DATABASE \"$PGDB\"" >/dev/null
    fi
    log "PostgreSQL ready"
    echo "$URL"
}

stop() {
    ensure_installed
    choose_datadir
    if running; then
        log "stopping PostgreSQL in $DATADIR"
        as_owner "$PGBIN/pg_ctl" -D "$DATADIR" -m fast -w stop >/dev/null
    else
        log "no PostgreSQL running in $DATADIR"
    fi
}

status() {
    ensure_installed
    choose_datadir
    if running && pg_ready; then echo "running: $URL (data $DATADIR, log $LOGFILE)"
    else echo "not running on 127.0.0.1:$PORT (data $DATADIR)"; return 1; fi
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    url) echo "$URL" ;;
    restart) stop; start ;;
    *) echo "usage: $0 start|stop|status|url|restart" >&2; exit 64 ;;
esac
