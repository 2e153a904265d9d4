#!/usr/bin/env bash
# Runs docket's whole test suite: installs what is missing, starts the servers the tests use
# (a local Whisper server on its own port), runs `swift test`, and stops the servers again.
# Extra arguments go to `swift test` (e.g. --filter Extraction).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$DOCKET_ROOT"

"$DOCKET_ROOT/scripts/setup.sh"

export DOCKET_WHISPER_PORT="${DOCKET_TEST_WHISPER_PORT:-8179}"
export DOCKET_TEST_WHISPER_URL="http://127.0.0.1:$DOCKET_WHISPER_PORT"
export DOCKET_TEST_REQUIRE_SERVERS=1
cleanup() { DOCKET_WHISPER_PORT="$DOCKET_WHISPER_PORT" "$DOCKET_ROOT/scripts/whisper-server.sh" stop || true; }
trap cleanup EXIT
"$DOCKET_ROOT/scripts/whisper-server.sh" start

log "building"
swift build --build-tests
log "running tests"
swift test --skip-build "$@"
