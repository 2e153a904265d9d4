# Shared helpers for docket's scripts (sourced, not executed).
# Paths are relative to the repository root, which every script cds into.

DOCKET_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DOCKET_VENV="${DOCKET_VENV:-$DOCKET_ROOT/.venv}"
DOCKET_WAKE_VENV="${DOCKET_WAKE_VENV:-$DOCKET_ROOT/.venv-wakeword}"
DOCKET_TTS_VENV="${DOCKET_TTS_VENV:-$DOCKET_ROOT/.venv-tts}"
DOCKET_RUN_DIR="${DOCKET_RUN_DIR:-$DOCKET_ROOT/.run}"
DOCKET_MODEL_DIR="${DOCKET_MODEL_DIR:-$DOCKET_ROOT/Models/whisper-tiny.en}"
DOCKET_BASE_MODEL_DIR="${DOCKET_BASE_MODEL_DIR:-$DOCKET_ROOT/Models/whisper-base}"
# The Whisper models setup can install, by the name docket asks the local server for (DOCKET_WHISPER_MODEL).
declare -A DOCKET_MODELS=([tiny.en]="$DOCKET_MODEL_DIR" [base]="$DOCKET_BASE_MODEL_DIR")
# How each is computed on the CPU (docket-bench hearing compares them): base as int8, which is faster than float32
# and no less accurate; tiny.en as stored, which the tests' spoken notes are checked against.
declare -A DOCKET_MODEL_COMPUTE=([tiny.en]=default [base]=int8)
# Beam width of each model's search: tiny.en hears more notes fully right with 10 than with faster-whisper's 5
# (75 against 71 of docket-bench hearing's 160 spoken notes, 15 no better); base gains nothing from it.
declare -A DOCKET_MODEL_BEAM=([tiny.en]=10)

# The transcribe options a model list gives model NAME: the language forced, and the model's beam width.
transcribe_options() {
    local beam="${DOCKET_WHISPER_BEAM_SIZE:-${DOCKET_MODEL_BEAM[$1]:-}}"
    printf '{language: %s%s}' "$2" "${beam:+, beam_size: $beam}"
}

log() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Run a command as root: directly when we are root, through sudo otherwise.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo "$@"
    else die "need root to run: $* (install sudo or run as root)"
    fi
}

# Background servers started by docket's scripts keep a pid file and a log file in .run/.
# daemon_pid PIDFILE: prints the pid when that process is alive.
daemon_pid() {
    [ -f "$1" ] || return 1
    local pid; pid="$(cat "$1")"
    kill -0 "$pid" 2>/dev/null && echo "$pid"
}

# daemon_wait NAME PIDFILE LOGFILE SECONDS CHECK...: waits until the command CHECK succeeds; fails with the
# log's tail when the process exits first or time runs out.
daemon_wait() {
    local name="$1" pidfile="$2" logfile="$3" wait="$4"; shift 4
    local i=0
    until "$@"; do
        if ! daemon_pid "$pidfile" >/dev/null; then
            tail -20 "$logfile" >&2 || true
            die "$name exited; see $logfile"
        fi
        i=$((i + 1)); [ "$i" -le $((wait * 2)) ] || die "$name was not ready within ${wait}s; see $logfile"
        sleep 0.5
    done
    log "$name ready"
}

# daemon_status URL PIDFILE LOGFILE [DETAIL]: "healthy: …" when the calling script's `healthy` succeeds,
# otherwise "not running at URL" and status 1.
daemon_status() {
    if healthy; then echo "healthy: $1 (pid $(daemon_pid "$2" || echo unknown), log $3${4:+, $4})"
    else echo "not running at $1"; return 1; fi
}

# daemon_commands ACTION [EXTRA_USAGE]: start|stop|status|restart, through the calling script's start, stop and
# status functions.
daemon_commands() {
    case "$1" in
        start) start ;;
        stop) stop ;;
        status) status ;;
        restart) stop; start ;;
        *) echo "usage: $0 start|stop|status|restart${2:-}" >&2; exit 64 ;;
    esac
}

# daemon_stop NAME PIDFILE: SIGTERM, up to 10 s to exit, then SIGKILL.
daemon_stop() {
    local name="$1" pidfile="$2" pid
    if pid="$(daemon_pid "$pidfile")"; then
        log "stopping $name (pid $pid)"
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
        kill -9 "$pid" 2>/dev/null || true
    else
        log "no $name started by docket's scripts (pid file $pidfile)"
    fi
    rm -f "$pidfile"
}

# Whether the Wyoming server at host $2, port $3 answers a `describe` with `info` ($1: a Python interpreter).
wyoming_healthy() {
    "$1" - "$2" "$3" <<'PY' >/dev/null 2>&1
import json, socket, sys
with socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=2) as s:
    s.sendall(b'{"type": "describe"}\n')
    line = s.makefile("rb").readline()
    sys.exit(0 if json.loads(line).get("type") == "info" else 1)
PY
}

# wyoming_daemon ACTION NAME PYTHON HOST PORT WAIT -- COMMAND...: start|stop|status|restart for a Wyoming server on
# tcp://HOST:PORT that COMMAND runs (installed when its executable exists), with .run/ pid and log files named after
# NAME and PORT; it is ready when it answers `describe` (PYTHON runs that check).
wyoming_daemon() {
    local action="$1" name="$2" python="$3" host="$4" port="$5" wait="$6"
    shift 7
    local -a cmd=("$@")
    local url="tcp://$host:$port" pidfile="$DOCKET_RUN_DIR/${name// /-}-$port.pid" logfile="$DOCKET_RUN_DIR/${name// /-}-$port.log"
    # The functions below run inside this one and see its locals.
    healthy() { wyoming_healthy "$python" "$host" "$port"; }
    wait_healthy() { daemon_wait "$name server at $url" "$pidfile" "$logfile" "$wait" healthy; }
    start() {
        local pid
        if pid="$(daemon_pid "$pidfile")"; then
            log "$name server already running (pid $pid) at $url"
            wait_healthy; return
        fi
        [ -x "${cmd[0]}" ] || die "the $name server is not installed; run scripts/setup.sh"
        if healthy; then log "a $name server already answers at $url"; return; fi
        mkdir -p "$DOCKET_RUN_DIR"
        log "starting $name server at $url (log $logfile)"
        nohup "${cmd[@]}" >"$logfile" 2>&1 </dev/null &
        echo $! >"$pidfile"
        wait_healthy
    }
    stop() { daemon_stop "$name server" "$pidfile"; }
    status() { daemon_status "$url" "$pidfile" "$logfile"; }
    daemon_commands "$action"
}
