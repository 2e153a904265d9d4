#!/usr/bin/env bash
# Start, stop or check the local Whisper server (faster-whisper-server on loopback).
#   scripts/whisper-server.sh start|stop|status|restart
# Settings: DOCKET_WHISPER_PORT (default 8178), DOCKET_WHISPER_HOST (default 127.0.0.1),
#           DOCKET_WHISPER_MODEL_DIR (default Models/whisper-tiny.en), DOCKET_WHISPER_WAIT (seconds, default 120).
# Log and pid files live in .run/whisper-PORT.{log,pid}.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$DOCKET_ROOT"

HOST="${DOCKET_WHISPER_HOST:-127.0.0.1}"
PORT="${DOCKET_WHISPER_PORT:-8178}"
MODEL="${DOCKET_WHISPER_MODEL_DIR:-$DOCKET_MODEL_DIR}"
WAIT="${DOCKET_WHISPER_WAIT:-120}"
PIDFILE="$DOCKET_RUN_DIR/whisper-$PORT.pid"
LOGFILE="$DOCKET_RUN_DIR/whisper-$PORT.log"
URL="http://$HOST:$PORT"

healthy() { curl -fsS --max-time 2 "$URL/health" >/dev/null 2>&1; }

start() {
    if pid="$(daemon_pid "$PIDFILE")"; then
        log "Whisper server already running (pid $pid) at $URL"
        wait_healthy; return
    fi
    if healthy; then log "a Whisper server already answers at $URL"; return; fi
    [ -x "$DOCKET_VENV/bin/faster-whisper-server" ] || die "faster-whisper-server is not installed; run scripts/setup.sh"
    [ -f "$MODEL/model.bin" ] || die "no model at $MODEL; run scripts/setup.sh"
    mkdir -p "$DOCKET_RUN_DIR"
    log "starting Whisper server at $URL (model $MODEL, log $LOGFILE)"
    HF_HUB_OFFLINE=1 nohup "$DOCKET_VENV/bin/faster-whisper-server" "$MODEL" \
        --host "$HOST" --port "$PORT" --log-level info >"$LOGFILE" 2>&1 </dev/null &
    echo $! >"$PIDFILE"
    wait_healthy
}

wait_healthy() { daemon_wait "Whisper server at $URL" "$PIDFILE" "$LOGFILE" "$WAIT" healthy; }

stop() { daemon_stop "Whisper server" "$PIDFILE"; }

status() { daemon_status "$URL" "$PIDFILE" "$LOGFILE"; }

daemon_commands "${1:-}"
