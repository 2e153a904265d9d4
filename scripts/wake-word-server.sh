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
preload=()
IFS=',' read -ra words <<<"${DOCKET_WAKE_WORDS:-hey_jarvis}"
for w in "${words[@]}"; do preload+=(--preload-model "$(echo "$w" | xargs)"); done

wyoming_daemon "${1:-}" wake-word "$DOCKET_WAKE_VENV/bin/python" "$HOST" "$PORT" "${DOCKET_WAKE_WORD_WAIT:-60}" -- \
    "$DOCKET_WAKE_VENV/bin/python" -m wyoming_openwakeword --uri "tcp://$HOST:$PORT" "${preload[@]}" \
    --threshold "${DOCKET_WAKE_WORD_THRESHOLD:-0.5}"
