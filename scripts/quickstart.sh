#!/usr/bin/env bash
# From a fresh clone to tasks: installs what is missing, builds docket in release mode, starts the local
# Whisper server, speaks a sample note with espeak-ng, ingests it and lists the stored tasks.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$DOCKET_ROOT"

"$DOCKET_ROOT/scripts/setup.sh"
log "building docket (release)"
swift build -c release --product docket
"$DOCKET_ROOT/scripts/whisper-server.sh" start

mkdir -p "$DOCKET_RUN_DIR"
SAMPLE="$DOCKET_RUN_DIR/sample-note.wav"
TEXT="Remind me to call the dentist on Friday at 3 pm. Also buy milk tomorrow morning. It's urgent: renew the passport by the end of the month."
log "speaking a sample note: \"$TEXT\""
espeak-ng -s 150 -w "$SAMPLE" "$TEXT"

export DOCKET_DB="${DOCKET_DB:-$DOCKET_RUN_DIR/quickstart.sqlite}"
log "docket ingest $SAMPLE   (database $DOCKET_DB)"
.build/release/docket ingest "$SAMPLE"
log "docket tasks"
.build/release/docket tasks
log "done. The Whisper server keeps running; stop it with scripts/whisper-server.sh stop"
