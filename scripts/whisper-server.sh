#!/usr/bin/env bash
# Start, stop or check the local Whisper server (faster-whisper-server on loopback).
#   scripts/whisper-server.sh start|stop|status|restart
# It serves every model scripts/setup.sh installed, by name (tiny.en from Models/whisper-tiny.en, base from
# Models/whisper-base) on the CPU with the language forced, so docket's DOCKET_WHISPER_MODEL picks one.
# Settings: DOCKET_WHISPER_PORT (default 8178), DOCKET_WHISPER_HOST (default 127.0.0.1),
#           DOCKET_WHISPER_MODEL_DIR (serve this model directory instead, under the name DOCKET_WHISPER_MODEL,
#           default tiny.en), DOCKET_WHISPER_COMPUTE_TYPE (int8, float32…; default per model, see lib.sh),
#           DOCKET_WHISPER_BEAM_SIZE (beam width; default per model, see lib.sh),
#           DOCKET_WHISPER_LANGUAGE (default en), DOCKET_WHISPER_NICE (CPU niceness, default 10),
#           DOCKET_WHISPER_WAIT (seconds, default 120).
# Transcription is batch work: it runs niced, so that capture and the wake-word detector, which must keep up with
# real time, get the CPU first while it works (the systemd unit sets Nice= alike).
# Log, pid and model-list files live in .run/whisper-PORT.{log,pid,yaml}.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$DOCKET_ROOT"

HOST="${DOCKET_WHISPER_HOST:-127.0.0.1}"
PORT="${DOCKET_WHISPER_PORT:-8178}"
LANGUAGE="${DOCKET_WHISPER_LANGUAGE:-en}"
WAIT="${DOCKET_WHISPER_WAIT:-120}"
PIDFILE="$DOCKET_RUN_DIR/whisper-$PORT.pid"
LOGFILE="$DOCKET_RUN_DIR/whisper-$PORT.log"
CONFIG="$DOCKET_RUN_DIR/whisper-$PORT.yaml"
URL="http://$HOST:$PORT"

healthy() { curl -fsS --max-time 2 "$URL/health" >/dev/null 2>&1; }

start() {
    if pid="$(daemon_pid "$PIDFILE")"; then
        log "Whisper server already running (pid $pid) at $URL"
        wait_healthy; return
    fi
    if healthy; then log "a Whisper server already answers at $URL"; return; fi
    [ -x "$DOCKET_VENV/bin/faster-whisper-server" ] || die "faster-whisper-server is not installed; run scripts/setup.sh"
    mkdir -p "$DOCKET_RUN_DIR"
    write_config
    log "starting Whisper server at $URL (models: $(grep -oP '^  - name: "\K[^"]+' "$CONFIG" | paste -sd, -) in $CONFIG, language $LANGUAGE; log $LOGFILE)"
    HF_HUB_OFFLINE=1 nohup nice -n "${DOCKET_WHISPER_NICE:-10}" "$DOCKET_VENV/bin/faster-whisper-server" --config "$CONFIG" \
        --host "$HOST" --port "$PORT" --log-level info >"$LOGFILE" 2>&1 </dev/null &
    echo $! >"$PIDFILE"
    wait_healthy
}

# The server's model list: each installed model under the name docket asks for.
write_config() {
    local entries=() name dir
    if [ -n "${DOCKET_WHISPER_MODEL_DIR:-}" ]; then
        entries=("${DOCKET_WHISPER_MODEL:-tiny.en}=$DOCKET_WHISPER_MODEL_DIR")
    else
        for name in "${!DOCKET_MODELS[@]}"; do
            if [ -f "${DOCKET_MODELS[$name]}/model.bin" ]; then entries+=("$name=${DOCKET_MODELS[$name]}"); fi
        done
    fi
    [ ${#entries[@]} -gt 0 ] || die "no Whisper model is installed; run scripts/setup.sh"
    {
        echo "# Written by scripts/whisper-server.sh at each start."
        echo "models:"
        for entry in "${entries[@]}"; do
            name="${entry%%=*}"; dir="${entry#*=}"
            [ -f "$dir/model.bin" ] || die "no model at $dir; run scripts/setup.sh"
            echo "  - name: \"$name\""
            echo "    path: \"$dir\""
            echo "    model_options: {device: cpu, compute_type: ${DOCKET_WHISPER_COMPUTE_TYPE:-${DOCKET_MODEL_COMPUTE[$name]:-int8}}}"
            echo "    transcribe_options: $(transcribe_options "$name" "$LANGUAGE")"
        done
    } >"$CONFIG"
}

wait_healthy() { daemon_wait "Whisper server at $URL" "$PIDFILE" "$LOGFILE" "$WAIT" healthy; }

stop() { daemon_stop "Whisper server" "$PIDFILE"; }

status() { daemon_status "$URL" "$PIDFILE" "$LOGFILE"; }

daemon_commands "${1:-}"
