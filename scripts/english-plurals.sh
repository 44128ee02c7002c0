#!/usr/bin/env bash
# Brings translations/mcpscope_en.ts up to date: lupdate -pluralonly adds every new "%n ...(s)"
# message, and each gets its English forms ("1 item", "2 items") by the "(s)" rule. Messages
# the rule cannot decide are listed; fill those by hand. Needs a configured build/.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${MCPSCOPE_BUILD_DIR:-build}
lupdate=$(command -v /usr/lib/qt6/bin/lupdate || command -v lupdate)
"$lupdate" -silent -no-obsolete -locations none -pluralonly -I ui -I lib @"$build_dir/mcpscope_translated_sources.txt" \
    -ts translations/mcpscope_en.ts
python3 - <<'PY'
import html, re
path = 'translations/mcpscope_en.ts'
text = open(path, encoding='utf-8').read()
left = []
def fill(match):
    block = match.group(0)
    if 'type="unfinished"' not in block:
        return block
    source = html.unescape(re.search(r'<source>(.*?)</source>', block, re.S).group(1))
    if '(s)' not in source:
        left.append(source)
        return block
    one, many = (html.escape(source.replace('(s)', ''), quote=False), html.escape(source.replace('(s)', 's'), quote=False))
    forms = f'<translation>\n            <numerusform>{one}</numerusform>\n            <numerusform>{many}</numerusform>\n        </translation>'
    return re.sub(r'<translation type="unfinished">.*?</translation>', forms, block, flags=re.S)
text = re.sub(r'<message numerus="yes">.*?</message>', fill, text, flags=re.S)
open(path, 'w', encoding='utf-8').write(text)
for source in left:
    print('fill by hand:', source)
PY
