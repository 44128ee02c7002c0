# Fails when a file in ui/ includes a folder at its own level or above: ui/ is built in levels,
# bottom first, and each folder may include only the levels below its own (docs/architecture.md,
# "ui/"). The feature folders share one level, so none of them includes another.
# Argument: UI_DIR (the ui/ folder).
set(levels
    "theme workpool"        # the palette and icons, the window's thread pool (ui/'s root)
    "widgets secrets"       # shared widgets and helpers that know no MCP session; the keychain store
    "connection"            # Connection, and Page: the base of a server's pages
    "forms results timeline" # what several features share: schema forms, result views, the timeline
    "clientfeatures"        # the server's own requests: sampling, elicitation, roots
    "apps"                  # MCP Apps views (their link dialog shows URLs as elicitation does)
    "tools resources prompts tasks subscriptions logs traffic authorization dialogs"
    "servers"               # ServerPage and its tabs, ServerController, the server list
    "top")                  # MainWindow and runGui (mainwindow.*, guimain.*)
set(index 0)
foreach(level ${levels})
    string(REPLACE " " ";" parts "${level}")
    foreach(part ${parts})
        set(level_of_${part} ${index})
    endforeach()
    math(EXPR index "${index} + 1")
endforeach()

# The part of ui/ a path belongs to: its first folder, or a root file's name.
function(part_of path out)
    if(path MATCHES "^([^/]+)/")
        set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
    elseif(path MATCHES "^(mainwindow|guimain)\\.")
        set(${out} top PARENT_SCOPE)
    else()
        string(REGEX REPLACE "\\.[^.]*$" "" name "${path}")
        set(${out} ${name} PARENT_SCOPE)
    endif()
endfunction()

file(GLOB_RECURSE files RELATIVE ${UI_DIR} ${UI_DIR}/*.h ${UI_DIR}/*.cpp)
set(violations 0)
foreach(file ${files})
    part_of(${file} from)
    if(NOT DEFINED level_of_${from})
        message("${file}: ${from} has no level in check_layers.cmake")
        math(EXPR violations "${violations} + 1")
        continue()
    endif()
    file(STRINGS ${UI_DIR}/${file} includes REGEX "^#include \"[^\"]+\"")
    foreach(line ${includes})
        string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" included "${line}")
        # A lib/ header (traffic/trafficlog.h) or one beside the includer is not ui/'s concern here.
        if(NOT EXISTS ${UI_DIR}/${included})
            continue()
        endif()
        part_of(${included} to)
        if(to STREQUAL from)
            continue()
        endif()
        if(NOT DEFINED level_of_${to} OR NOT level_of_${to} LESS level_of_${from})
            message("${file}: #include \"${included}\": ${to} is not below ${from}")
            math(EXPR violations "${violations} + 1")
        endif()
    endforeach()
endforeach()
list(LENGTH files count)
if(violations GREATER 0)
    message(FATAL_ERROR "${violations} include(s) against ui/'s levels")
endif()
message("${count} files of ui/ include only the levels below their own")
