#!/usr/bin/env bash
# Checks what review would otherwise catch by eye: the formatting (swift format with the root .swift-format), that
# the room-talk model is what scripts/room-talk/train.py makes of its training lines, and
# that the sources repeat themselves no more than they do now (the duplicate scan, where it is installed).
# `scripts/validate.sh --fix` formats the sources in place instead of checking them.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$DOCKET_ROOT"

paths=(Package.swift Sources Tests)
if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --recursive --parallel "${paths[@]}"
    exit 0
fi

log "checking the formatting"
if ! swift format lint --strict --recursive --parallel "${paths[@]}"; then
    die "the sources are not formatted as .swift-format says; run scripts/validate.sh --fix and commit the result"
fi

log "checking the room-talk model against its training lines"
python3 scripts/room-talk/train.py --check

# Most repeated blocks the sources may hold (pairs of places sharing six or more lines).
max_pairs=38
if command -v duplicates >/dev/null 2>&1; then
    log "scanning Sources/ for repeated code"
    report="$(duplicates --repo Sources --most 200 --seconds 60)"
    pairs="$(printf '%s\n' "$report" | head -1 | grep -oE '^[0-9]+' || echo 0)"
    if [ "$pairs" -gt "$max_pairs" ]; then
        printf '%s\n' "$report" >&2
        die "Sources/ holds $pairs repeated blocks (at most $max_pairs): call the shared piece instead of writing it again"
    fi
    log "$pairs repeated blocks in Sources/ (at most $max_pairs)"
fi
log "validation passed"
