#!/usr/bin/env bash
# Takes the screenshots in docs/screenshots anew from the widget tests that grab them, on the
# 1024x700 offscreen screen (light, and dark where the test has a dark variant), after a build
# (scripts/build.sh). The tests run as usual; they only save their grabs as well.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${MCPSCOPE_BUILD_DIR:-build}
shots=${MCPSCOPE_SCREENSHOT_DIR:-$PWD/docs/screenshots}
mkdir -p "$shots"
export MCPSCOPE_SCREENSHOT_DIR=$shots
screen="offscreen:configfile=$PWD/tests/auto/ui/screen-1024x700.json"
run() { # test executable, then theme
    echo "screenshots.sh: $1 ($2)" >&2
    MCPSCOPE_THEME=$2 QT_QPA_PLATFORM=$screen "$build_dir/tests/auto/$1" >/dev/null
}
# tst_screenshots takes light and dark itself; these take the theme from MCPSCOPE_THEME.
run ui/tst_screenshots light
for theme in light dark; do
    run ui/tst_modernwindow "$theme"
    run ui/tst_moderntasks "$theme"
done
for test in ui/tst_usability ui/tst_windowdiff ui/tst_serverloop ui/tst_mainwindow ui_oauth/tst_oauthgui \
            ui_results/tst_resultview ui_results/tst_bigtextview ui_forms/tst_toolpanel ui_forms/tst_schemaform \
            ui_forms/tst_pages; do
    run "$test" light
done
# MCP App views render in Chromium: under Xvfb, as in ctest.
if [ -x "$build_dir/tests/auto/apps/tst_appview" ]; then
    echo "screenshots.sh: apps/tst_appview (light)" >&2
    QTWEBENGINE_DISABLE_SANDBOX=1 QTWEBENGINE_CHROMIUM_FLAGS="--disable-gpu --disable-dev-shm-usage" \
        QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1024x700x24" "$build_dir/tests/auto/apps/tst_appview" >/dev/null
fi
# The real window on a real desktop (Xvfb, openbox, xcb): the whole screen, frames included.
for test in desktop/tst_desktop_window; do
    echo "screenshots.sh: $test (1024x700)" >&2
    tests/common/desktop-session.sh 1024x700 "$build_dir/tests/auto/$test" >/dev/null
done
echo "screenshots.sh: saved in $shots" >&2
