#!/usr/bin/env bash
# docket's benchmarks for ingest (figures only; nothing asserts on time):
#   1. decode + resample + speech detection throughput, × real time on one core (docket-bench prepare)
#   2. overhead of `docket ingest` over the transcription itself: a 60 s note, docket vs curl posting the same
#      prepared 16 kHz WAV to the same local Whisper server, run alternately; median wall times and the ratio
#   3. peak resident memory of `docket ingest` on a 30-minute 44.1 kHz stereo WAV
#   4. extract: task extractor notes/s and p50/p99 latency on one core (docket-bench extract)
#   5. sync: 10,000 tasks pushed to the local Supabase-compatible backend, batched vs one request per task
#   6. vad: voice activity detection recall / false activation at 10 dB SNR, and VAD + segmentation × real time
#   7. listen-latency: end of speech → tasks stored, docket listen vs record-then-transcribe, 60 s paced dictation
#   8. listen-memory: resident memory of docket listen over 30 minutes of mostly silence
#   9. serve-load: 200 concurrent uploads to docket serve, then 200 more at 200/s; acceptance latency p50/p99,
#      throughput, none lost
# Usage: scripts/bench.sh [prepare|overhead|memory|extract|sync|vad|listen-latency|listen-memory|serve-load]...   (default: all)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$DOCKET_ROOT"

which=("$@"); [ ${#which[@]} -gt 0 ] || which=(prepare extract overhead memory sync vad listen-latency listen-memory serve-load)
"$DOCKET_ROOT/scripts/setup.sh" >/dev/null 2>&1 || "$DOCKET_ROOT/scripts/setup.sh"
log "building release binaries"
swift build -c release --product docket >/dev/null
swift build -c release --product docket-bench >/dev/null
BIN=.build/release

export DOCKET_WHISPER_PORT="${DOCKET_WHISPER_PORT:-8178}"
URL="http://127.0.0.1:$DOCKET_WHISPER_PORT"
WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT
export DOCKET_DB="$WORK/bench.sqlite" DOCKET_WHISPER_URL="$URL"

need_server() { "$DOCKET_ROOT/scripts/whisper-server.sh" start >/dev/null; }

note60() {
    # About 60 s of dictation: five spoken notes with pauses, padded to exactly 60 s.
    local i=0 parts=()
    for text in "Remind me to call the dentist on Friday at 3 pm, and buy milk on the way home." \
                "I need to send the quarterly report to Anna by the end of the week, it's urgent." \
                "Book a table for four at the Italian place tomorrow at 7 pm." \
                "Don't forget to renew the car insurance before the 30th, and water the plants tonight." \
                "Next Monday morning, review the pull requests and prepare the slides for the launch meeting."; do
        espeak-ng -s 140 -w "$WORK/p$i.wav" "$text"; sox "$WORK/p$i.wav" "$WORK/q$i.wav" pad 0 2.5; parts+=("$WORK/q$i.wav"); i=$((i + 1))
    done
    sox "${parts[@]}" "$WORK/dictation.wav"
    sox "$WORK/dictation.wav" "$WORK/note60.wav" repeat 2 trim 0 60
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
now_s() { date +%s.%N; }

for b in "${which[@]}"; do
case "$b" in
prepare)
    log "1. decode + resample + speech detection"
    $BIN/docket-bench prepare --seconds 60 --runs 5
    ;;
overhead)
    log "2. docket ingest vs curl on the same 60 s note ($URL)"
    need_server; note60
    sox "$WORK/note60.wav" -r 16000 -c 1 -b 16 "$WORK/note60-16k.wav"
    # Warm the server (model load) before timing.
    curl -fsS -o /dev/null -F file=@"$WORK/note60-16k.wav" -F model_name=tiny.en -F language=en "$URL/v1/audio/transcriptions"
    : >"$WORK/docket.t"; : >"$WORK/curl.t"
    for run in 1 2 3 4 5; do
        s=$(now_s); $BIN/docket ingest --force --now 2026-11-18T09:00 --tz America/New_York "$WORK/note60.wav" >/dev/null; e=$(now_s)
        awk -v a="$s" -v b="$e" 'BEGIN {printf "%.3f\n", b - a}' >>"$WORK/docket.t"
        s=$(now_s); curl -fsS -o /dev/null -F file=@"$WORK/note60-16k.wav" -F model=tiny.en -F model_name=tiny.en -F language=en \
            -F response_format=verbose_json -F temperature=0.0 "$URL/v1/audio/transcriptions"; e=$(now_s)
        awk -v a="$s" -v b="$e" 'BEGIN {printf "%.3f\n", b - a}' >>"$WORK/curl.t"
    done
    d=$(median <"$WORK/docket.t"); c=$(median <"$WORK/curl.t")
    printf 'docket ingest (60 s, 44.1 kHz stereo input): median %.2f s   runs: %s\n' "$d" "$(tr '\n' ' ' <"$WORK/docket.t")"
    printf 'curl, prepared 16 kHz WAV:                  median %.2f s   runs: %s\n' "$c" "$(tr '\n' ' ' <"$WORK/curl.t")"
    printf 'ratio docket / curl: %.3f  (target <= 1.10)\n' "$(awk -v a="$d" -v b="$c" 'BEGIN {print a / b}')"
    ;;
memory)
    log "3. peak memory of docket ingest on a 30-minute 44.1 kHz stereo WAV"
    need_server; [ -f "$WORK/dictation.wav" ] || note60
    sox "$WORK/dictation.wav" -r 44100 -c 2 "$WORK/long.wav" repeat 60 trim 0 1800
    ls -l "$WORK/long.wav" | awk '{printf "input: %.0f MB\n", $5 / 1048576}'
    /usr/bin/time -v $BIN/docket ingest --dry-run --now 2026-11-18T09:00 --tz America/New_York "$WORK/long.wav" \
        >"$WORK/long.out" 2>"$WORK/long.time"
    grep -E "Maximum resident set size|Elapsed \(wall clock\)" "$WORK/long.time"
    awk '/Maximum resident set size/ {printf "peak RSS: %.1f MB (target <= 60 MB)\n", $6 / 1024}' "$WORK/long.time"
    head -c 300 "$WORK/long.out"; echo
    ;;
extract)
    log "4. task extractor"
    $BIN/docket-bench extract --passes 7
    ;;
sync)
    log "5. sync throughput against the local backend"
    export DOCKET_PG_PORT="${DOCKET_BENCH_PG_PORT:-54349}" DOCKET_DEV_PORT="${DOCKET_BENCH_DEV_PORT:-54341}"
    export DOCKET_DEV_WRITE_ENV="$WORK/backend.env"
    swift build -c release --product docket-dev-backend >/dev/null
    DOCKET_DEV_BUILD=0 DOCKET_DEV_CONFIGURATION=release "$DOCKET_ROOT/scripts/dev-backend.sh" start >/dev/null
    # shellcheck disable=SC1090
    ( set -a; source "$DOCKET_DEV_WRITE_ENV"; set +a
      $BIN/docket-bench sync --url "$DOCKET_SUPABASE_URL" --anon-key "$DOCKET_SUPABASE_ANON_KEY" --service-key "$DOCKET_DEV_SERVICE_KEY" ) || true
    "$DOCKET_ROOT/scripts/dev-backend.sh" stop >/dev/null
    "$DOCKET_ROOT/scripts/postgres.sh" stop >/dev/null
    ;;
vad)
    log "6. voice activity detection"
    $BIN/docket-bench vad
    ;;
listen-latency)
    log "7. docket listen: end of speech → stored, live vs record-then-transcribe ($URL)"
    need_server
    $BIN/docket-bench listen-latency
    ;;
listen-memory)
    log "8. docket listen: resident memory over 30 minutes of mostly silence ($URL)"
    need_server
    $BIN/docket-bench listen-memory --minutes 30
    ;;
serve-load)
    log "9. docket serve: 200 concurrent uploads, then 200 at 200/s, on loopback ($URL)"
    need_server
    $BIN/docket-bench serve-load --uploads 200 --paced-rate 200 --whisper-url "$URL"
    ;;
*) die "unknown benchmark $b (prepare, extract, overhead, memory, sync, vad, listen-latency, listen-memory, serve-load)" ;;
esac
done
