#!/usr/bin/env bash
# Runs docket's whole test suite: installs what is missing, builds, starts the servers the tests use
# (a local Whisper server, PostgreSQL and the local Supabase-compatible backend, each on its own test port),
# runs `swift test`, and stops the servers again. Extra arguments go to `swift test` (e.g. --filter Sync).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$DOCKET_ROOT"

# Both Whisper models, so the base model's install and serving are tested too; the tests ask for tiny.en.
DOCKET_SETUP_EXTRA_MODELS=base "$DOCKET_ROOT/scripts/setup.sh"
export DOCKET_WHISPER_MODEL=tiny.en

export DOCKET_WHISPER_PORT="${DOCKET_TEST_WHISPER_PORT:-8179}"
export DOCKET_PG_PORT="${DOCKET_TEST_PG_PORT:-54339}"
export DOCKET_DEV_PORT="${DOCKET_TEST_DEV_PORT:-54331}"
export DOCKET_WAKE_WORD_PORT="${DOCKET_TEST_WAKE_WORD_PORT:-10409}"
export DOCKET_TTS_PORT="${DOCKET_TEST_TTS_PORT:-10209}"
export DOCKET_DEV_WRITE_ENV="$DOCKET_RUN_DIR/dev-backend-test.env"
export DOCKET_TEST_REQUIRE_SERVERS=1
cleanup() {
    "$DOCKET_ROOT/scripts/dev-backend.sh" stop || true
    "$DOCKET_ROOT/scripts/postgres.sh" stop || true
    "$DOCKET_ROOT/scripts/whisper-server.sh" stop || true
    "$DOCKET_ROOT/scripts/wake-word-server.sh" stop || true
    "$DOCKET_ROOT/scripts/tts-server.sh" stop || true
}
trap cleanup EXIT

"$DOCKET_ROOT/scripts/validate.sh"

log "building"
swift build --build-tests

"$DOCKET_ROOT/scripts/whisper-server.sh" start
export DOCKET_TEST_WHISPER_URL="http://127.0.0.1:$DOCKET_WHISPER_PORT"
"$DOCKET_ROOT/scripts/wake-word-server.sh" start
export DOCKET_TEST_WAKE_WORD_URL="tcp://127.0.0.1:$DOCKET_WAKE_WORD_PORT"
"$DOCKET_ROOT/scripts/tts-server.sh" start
export DOCKET_TEST_TTS_URL="tcp://127.0.0.1:$DOCKET_TTS_PORT"
DOCKET_TEST_DATABASE_URL="$("$DOCKET_ROOT/scripts/postgres.sh" start)"
export DOCKET_TEST_DATABASE_URL
DOCKET_DEV_BUILD=0 DOCKET_DEV_DATABASE_URL="$DOCKET_TEST_DATABASE_URL" "$DOCKET_ROOT/scripts/dev-backend.sh" start
set -a
# shellcheck disable=SC1090
source "$DOCKET_DEV_WRITE_ENV"
set +a
export DOCKET_TEST_SUPABASE_URL="$DOCKET_SUPABASE_URL" DOCKET_TEST_SUPABASE_ANON_KEY="$DOCKET_SUPABASE_ANON_KEY" \
    DOCKET_TEST_SUPABASE_SERVICE_KEY="$DOCKET_DEV_SERVICE_KEY"
unset DOCKET_SUPABASE_URL DOCKET_SUPABASE_ANON_KEY DOCKET_DEV_SERVICE_KEY DOCKET_DEV_PUBLISHABLE_KEY DOCKET_DEV_SECRET_KEY

log "running tests"
swift test --skip-build "$@"

# A full run also runs the service's crash and load tests on their own (they would starve the timing-sensitive
# capture tests if run alongside), checks the capture path for data races, and fuzzes the decoders for a minute.
if [ "$#" -eq 0 ]; then
    log "running the service's crash and load tests"
    DOCKET_TEST_LOAD=1 swift test --skip-build --filter ServeLoadTests
    "$DOCKET_ROOT/scripts/tsan.sh"
    "$DOCKET_ROOT/scripts/fuzz.sh"
fi
