# Shared helpers for docket's scripts (sourced, not executed).
# Paths are relative to the repository root, which every script cds into.

DOCKET_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DOCKET_VENV="${DOCKET_VENV:-$DOCKET_ROOT/.venv}"
DOCKET_RUN_DIR="${DOCKET_RUN_DIR:-$DOCKET_ROOT/.run}"
DOCKET_MODEL_DIR="${DOCKET_MODEL_DIR:-$DOCKET_ROOT/Models/whisper-tiny.en}"

log() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Run a command as root: directly when we are root, through sudo otherwise.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo "$@"
    else die "need root to run: $* (install sudo or run as root)"
    fi
}
