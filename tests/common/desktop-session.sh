#!/usr/bin/env bash
# Runs one command on a real X11 desktop of its own: Xvfb at the given size, the openbox window
# manager (so frames, placement, maximizing and focus are a window manager's, not the offscreen
# platform's), and the xcb platform. Usage: desktop-session.sh WIDTHxHEIGHT COMMAND [ARGS...]
# The display number is chosen by Xvfb (-displayfd), so several sessions run side by side.
set -euo pipefail
size=$1
shift
for tool in Xvfb openbox xdotool; do
    if ! command -v "$tool" >/dev/null; then
        echo "desktop-session.sh: $tool is missing (scripts/setup.sh --test-peers installs it)" >&2
        exit 1
    fi
done
workdir=$(mktemp -d)
cleanup() {
    [ -n "${wm_pid:-}" ] && kill "$wm_pid" 2>/dev/null || true
    [ -n "${x_pid:-}" ] && kill "$x_pid" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$workdir"
}
trap cleanup EXIT
mkfifo "$workdir/displayfd"
Xvfb -displayfd 3 -screen 0 "${size}x24" -nolisten tcp -noreset 3>"$workdir/displayfd" 2>"$workdir/xvfb.log" &
x_pid=$!
read -r -t 20 display <"$workdir/displayfd" || { echo "desktop-session.sh: Xvfb did not start" >&2; cat "$workdir/xvfb.log" >&2; exit 1; }
export DISPLAY=":$display"
unset WAYLAND_DISPLAY
# openbox with its defaults (a title bar and borders on every window), its own config dir.
export XDG_CONFIG_HOME="$workdir/config"
mkdir -p "$XDG_CONFIG_HOME"
openbox --sm-disable >"$workdir/openbox.log" 2>&1 &
wm_pid=$!
# The window manager is up once it owns the root window's _NET_SUPPORTING_WM_CHECK.
for _ in $(seq 100); do
    if xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id'; then break; fi
    sleep 0.1
done
# A home of its own: the same test runs at several sizes side by side, and QtTest's test mode keeps
# settings under ~/.qttest, so two sizes would share (and race on) one settings file otherwise.
export HOME="$workdir/home"
mkdir -p "$HOME"
export QT_QPA_PLATFORM=xcb
export MCPSCOPE_DESKTOP_SCREEN="$size"
"$@"
