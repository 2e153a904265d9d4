#!/usr/bin/env bash
# Start, stop or check the local wake-word server (wyoming-openwakeword on loopback, for --activation wake-word).
#   scripts/wake-word-server.sh start|stop|status|restart
# Settings: DOCKET_WAKE_WORD_PORT (default 10400), DOCKET_WAKE_WORD_HOST (default 127.0.0.1),
#           DOCKET_WAKE_WORDS (models to load at start, comma-separated; default hey_jarvis),
#           DOCKET_WAKE_WORD_THRESHOLD (default 0.5), DOCKET_WAKE_WORD_WAIT (seconds, default 60).
# Its models ship with the package (alexa, hey_jarvis, hey_mycroft, hey_rhasspy, ok_nabu): nothing is downloaded.
# Log and pid files live in .run/wake-word-PORT.{log,pid}.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$DOCKET_ROOT"

HOST="${DOCKET_WAKE_WORD_HOST:-127.0.0.1}"
PORT="${DOCKET_WAKE_WORD_PORT:-10400}"
WORDS="${DOCKET_WAKE_WORDS:-hey_jarvis}"
THRESHOLD="${DOCKET_WAKE_WORD_THRESHOLD:-0.5}"
WAIT="${DOCKET_WAKE_WORD_WAIT:-60}"
PIDFILE="$DOCKET_RUN_DIR/wake-word-$PORT.pid"
LOGFILE="$DOCKET_RUN_DIR/wake-word-$PORT.log"
URL="tcp://$HOST:$PORT"

healthy() { wyoming_healthy "$DOCKET_WAKE_VENV/bin/python" "$HOST" "$PORT"; }

start() {
    if pid="$(daemon_pid "$PIDFILE")"; then
        log "wake-word server already running (pid $pid) at $URL"
        wait_healthy; return
    fi
    [ -x "$DOCKET_WAKE_VENV/bin/python" ] || die "the wake-word server is not installed; run scripts/setup.sh"
    if healthy; then log "a wake-word server already answers at $URL"; return; fi
    mkdir -p "$DOCKET_RUN_DIR"
    local preload=()
    IFS=',' read -ra words <<<"$WORDS"
    for w in "${words[@]}"; do preload+=(--preload-model "$(echo "$w" | xargs)"); done
    log "starting wake-word server at $URL (models ${WORDS}, log $LOGFILE)"
    nohup "$DOCKET_WAKE_VENV/bin/python" -m wyoming_openwakeword --uri "$URL" "${preload[@]}" \
        --threshold "$THRESHOLD" >"$LOGFILE" 2>&1 </dev/null &
    echo $! >"$PIDFILE"
    wait_healthy
}

wait_healthy() { daemon_wait "wake-word server at $URL" "$PIDFILE" "$LOGFILE" "$WAIT" healthy; }

stop() { daemon_stop "wake-word server" "$PIDFILE"; }

status() { daemon_status "$URL" "$PIDFILE" "$LOGFILE"; }

daemon_commands "${1:-}"
