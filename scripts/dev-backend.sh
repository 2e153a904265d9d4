#!/usr/bin/env bash
# Start, stop or check docket's local Supabase-compatible backend (docket-dev-backend) and the
# PostgreSQL it runs on.
#   scripts/dev-backend.sh start|stop|status|restart|run
#   start: starts PostgreSQL (scripts/postgres.sh), builds and starts the backend in the background,
#          waits until it answers, and writes the client settings to .run/dev-backend.env
#          (DOCKET_SUPABASE_URL, DOCKET_SUPABASE_ANON_KEY, and the admin keys DOCKET_DEV_SERVICE_KEY,
#          DOCKET_DEV_SECRET_KEY, DOCKET_DEV_PUBLISHABLE_KEY; mode 0600).
#   run:   the same in the foreground (Ctrl-C stops it).
#   stop:  stops the backend (PostgreSQL keeps running; scripts/postgres.sh stop stops it).
# Settings: DOCKET_DEV_PORT (default 54321), DOCKET_DEV_HOST (default 127.0.0.1), DOCKET_PG_PORT
#           (default 54329), DOCKET_DEV_WAIT (seconds, default 120), DOCKET_DEV_BUILD (0 skips the build),
#           DOCKET_DEV_CONFIGURATION (debug or release, default debug),
#           plus every DOCKET_DEV_* variable docket-dev-backend reads (see its --help).
# Log and pid files live in .run/dev-backend-PORT.{log,pid}.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$DOCKET_ROOT"

HOST="${DOCKET_DEV_HOST:-127.0.0.1}"
PORT="${DOCKET_DEV_PORT:-54321}"
WAIT="${DOCKET_DEV_WAIT:-120}"
PIDFILE="$DOCKET_RUN_DIR/dev-backend-$PORT.pid"
LOGFILE="$DOCKET_RUN_DIR/dev-backend-$PORT.log"
export DOCKET_DEV_WRITE_ENV="${DOCKET_DEV_WRITE_ENV:-$DOCKET_RUN_DIR/dev-backend.env}"
URL="http://$HOST:$PORT"

healthy() { curl -fsS --max-time 2 "$URL/health" >/dev/null 2>&1; }

prepare() {
    mkdir -p "$DOCKET_RUN_DIR"
    export DOCKET_DEV_DATABASE_URL="${DOCKET_DEV_DATABASE_URL:-$("$DOCKET_ROOT/scripts/postgres.sh" start)}"
    if [ "${DOCKET_DEV_BUILD:-1}" != "0" ]; then
        log "building docket-dev-backend"
        swift build -c "${DOCKET_DEV_CONFIGURATION:-debug}" --product docket-dev-backend >&2
    fi
    BIN="$(swift build -c "${DOCKET_DEV_CONFIGURATION:-debug}" --show-bin-path)/docket-dev-backend"
    [ -x "$BIN" ] || die "no docket-dev-backend binary at $BIN; run swift build --product docket-dev-backend"
}

start() {
    if pid="$(daemon_pid "$PIDFILE")"; then
        log "docket-dev-backend already running (pid $pid) at $URL"
        wait_healthy; return
    fi
    if healthy; then log "something already answers at $URL"; return; fi
    prepare
    rm -f "$DOCKET_DEV_WRITE_ENV"
    log "starting docket-dev-backend at $URL (log $LOGFILE)"
    nohup "$BIN" --host "$HOST" --port "$PORT" >"$LOGFILE" 2>&1 </dev/null &
    echo $! >"$PIDFILE"
    wait_healthy
    log "client settings in $DOCKET_DEV_WRITE_ENV (source it, or pass it to docket)"
}

run() {
    prepare
    exec "$BIN" --host "$HOST" --port "$PORT"
}

ready() { healthy && [ -s "$DOCKET_DEV_WRITE_ENV" ]; }
wait_healthy() { daemon_wait "docket-dev-backend at $URL" "$PIDFILE" "$LOGFILE" "$WAIT" ready; }

stop() { daemon_stop "docket-dev-backend" "$PIDFILE"; }

status() { daemon_status "$URL" "$PIDFILE" "$LOGFILE" "env $DOCKET_DEV_WRITE_ENV"; }

if [ "${1:-}" = run ]; then run; else daemon_commands "${1:-}" "|run"; fi
