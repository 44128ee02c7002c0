#!/usr/bin/env bash
# The Debian package (issue: installs like a desktop application), from the test build itself:
# the desktop entry and AppStream metainfo validate; the manual pages and completions were made
# from the programs' --help and offer every subcommand and option; CPack packs the build; lintian
# finds nothing; and, where the test runs as root, the package installs with dpkg, runs from
# /usr/bin (mcpscope --version, mcpscope --cli against the installed demo server), its manual
# page opens with man, and it is removed again.
# Usage: check_package.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
source_dir=$1
build_dir=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
for tool in desktop-file-validate appstreamcli lintian cpack dpkg-deb bash zsh fish; do
    command -v "$tool" >/dev/null || fail "$tool is missing (scripts/setup.sh installs it)"
done

desktop-file-validate "$source_dir/resources/io.github.mcpscope.McpScope.desktop" || fail "desktop entry"
out=$(desktop-file-validate "$source_dir/resources/io.github.mcpscope.McpScope.desktop" 2>&1)
[ -z "$out" ] || fail "desktop entry hints: $out"
appstreamcli validate --no-net --pedantic "$source_dir/resources/io.github.mcpscope.McpScope.metainfo.xml" || fail "metainfo"

# Made from --help: every subcommand and each one's options are offered.
docs=$build_dir/resources
mcpscope=$build_dir/app/mcpscope/mcpscope
for made in mcpscope.1.gz mcpscope-demo-server.1.gz mcpscope.bash _mcpscope mcpscope.fish; do
    [ -s "$docs/$made" ] || fail "$docs/$made was not made"
done
zcat "$docs/mcpscope.1.gz" | grep -q '^\.SS "mcpscope doctor"' || fail "the manual page has no doctor section"
for sub in record diff doctor test replay; do
    # shellcheck disable=SC1090
    reply=$(bash -c "source '$docs/mcpscope.bash'; COMP_WORDS=(mcpscope ${sub:0:2}); COMP_CWORD=1; _mcpscope; echo \${COMPREPLY[*]}")
    [[ " $reply " == *" $sub "* ]] || fail "bash does not complete $sub from ${sub:0:2}: $reply"
    [[ "$(fish -c "source '$docs/mcpscope.fish'; complete -C 'mcpscope ${sub:0:2}'")" == *"$sub"* ]] || fail "fish does not complete $sub"
    for option in $(env -u DISPLAY QT_QPA_PLATFORM=offscreen "$mcpscope" "$sub" --help | grep -oE '^ +(-[a-z], )?--[a-z][a-z0-9-]+' | grep -oE -- '--[a-z][a-z0-9-]+'); do
        reply=$(bash -c "source '$docs/mcpscope.bash'; COMP_WORDS=(mcpscope $sub $option); COMP_CWORD=2; _mcpscope; echo \${COMPREPLY[*]}")
        [[ " $reply " == *" $option "* ]] || fail "bash does not complete $sub $option"
    done
done
zsh -n "$docs/_mcpscope" || fail "the zsh completion does not parse"

# Packed from this build, and clean for lintian.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$build_dir" && cpack -G DEB -B "$work" >/dev/null) || fail "cpack"
deb=$(ls "$work"/mcpscope_*.deb)
contents=$(dpkg-deb -c "$deb")
for path in usr/bin/mcpscope usr/bin/mcpscope-demo-server usr/share/man/man1/mcpscope.1.gz \
            usr/share/applications/io.github.mcpscope.McpScope.desktop usr/share/metainfo/io.github.mcpscope.McpScope.metainfo.xml \
            usr/share/icons/hicolor/scalable/apps/io.github.mcpscope.McpScope.svg \
            usr/share/bash-completion/completions/mcpscope usr/share/zsh/vendor-completions/_mcpscope \
            usr/share/fish/vendor_completions.d/mcpscope.fish usr/share/doc/mcpscope/copyright usr/share/doc/mcpscope/changelog.gz; do
    grep -q " \./$path\$" <<<"$contents" || fail "the package has no /$path"
done
findings=$(lintian --allow-root "$deb" 2>&1 || true)
[ -z "$findings" ] || fail "lintian: $findings"

if [ "$(id -u)" -ne 0 ]; then
    echo "SKIP: installing the package needs root (dpkg -i); the rest passed"
    exit 0
fi
if dpkg-query -W -f='${Status}' mcpscope 2>/dev/null | grep -q "install ok installed"; then
    fail "a mcpscope package is installed already; the test installs and removes its own"
fi
trap 'dpkg -r mcpscope >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
dpkg -i "$deb" >/dev/null || fail "dpkg -i"
[ "$(/usr/bin/mcpscope --version)" = "mcpscope $(dpkg-deb -f "$deb" Version)" ] || fail "/usr/bin/mcpscope --version"
/usr/bin/mcpscope --cli --method tools/list -- /usr/bin/mcpscope-demo-server | grep -q '"name": *"echo"' || fail "mcpscope --cli against the installed demo server"
[ "$(man -w mcpscope)" = /usr/share/man/man1/mcpscope.1.gz ] || fail "man -w mcpscope"
man -P cat mcpscope 2>/dev/null | grep -q "mcpscope doctor" || fail "man mcpscope"
dpkg -r mcpscope >/dev/null || fail "dpkg -r"
[ ! -e /usr/bin/mcpscope ] || fail "dpkg -r left /usr/bin/mcpscope"
echo "PASS: the package validates, installs, runs and is removed"
