# The manual page and the shell completions of mcpscope, made from what the built program says
# with --help (its own and each subcommand's), so they never drift from it. Run at build time:
#   cmake -DMCPSCOPE=path/to/mcpscope -DOUT=dir -DHELP2MAN=path -P HelpDocs.cmake
# Writes OUT/mcpscope.1.gz, OUT/mcpscope-demo-server.1.gz (from -DDEMO_SERVER=path),
# OUT/mcpscope.bash, OUT/_mcpscope (zsh) and OUT/mcpscope.fish.
cmake_minimum_required(VERSION 3.21)

function(help_of out)
    execute_process(COMMAND "${MCPSCOPE}" ${ARGN} --help
                    OUTPUT_VARIABLE text ERROR_VARIABLE text RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "mcpscope ${ARGN} --help failed (${rc}): ${text}")
    endif()
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The long options a help text offers: those on its option lines and in its usage lines.
function(options_of out text)
    string(REPLACE ";" "," text "${text}")
    string(REPLACE "\n" ";" lines "${text}")
    set(options)
    foreach(line IN LISTS lines)
        if(line MATCHES "^ +-" OR line MATCHES "^Usage:" OR line MATCHES "^ +mcpscope ")
            string(REGEX REPLACE "mcpscope [a-z]+ --help" "" line "${line}")
            string(REGEX MATCHALL "--[a-z][a-z0-9-]+" found "${line}")
            list(APPEND options ${found})
        endif()
    endforeach()
    list(REMOVE_DUPLICATES options)
    set(${out} "${options}" PARENT_SCOPE)
endfunction()

help_of(top)
options_of(top_options "${top}")
# The subcommands: the usage lines "mcpscope NAME ..." (and --cli, which works like one).
string(REGEX MATCHALL "\n +mcpscope [a-z]+ " sub_lines "${top}")
set(subcommands)
foreach(line IN LISTS sub_lines)
    string(REGEX REPLACE "\n +mcpscope ([a-z]+) " "\\1" name "${line}")
    list(APPEND subcommands ${name})
endforeach()
list(REMOVE_DUPLICATES subcommands)
list(REMOVE_ITEM top_options --cli)
if(NOT subcommands)
    message(FATAL_ERROR "mcpscope --help names no subcommands")
endif()

set(bash_cases "")
set(zsh_cases "")
string(REPLACE ";" " " words "${subcommands}")
set(fish "# fish completion for mcpscope, made from its --help (cmake/HelpDocs.cmake)\n")
string(APPEND fish "complete -c mcpscope -n __fish_use_subcommand -f -a '${words}'\n")
string(APPEND fish "complete -c mcpscope -n __fish_use_subcommand -l cli -d 'one operation, headless'\n")
foreach(option IN LISTS top_options)
    string(SUBSTRING "${option}" 2 -1 long)
    string(APPEND fish "complete -c mcpscope -n __fish_use_subcommand -l ${long}\n")
endforeach()
set(manual "[SUBCOMMANDS]\n")
foreach(sub IN ITEMS --cli ${subcommands})
    if(sub STREQUAL "--cli")
        help_of(text --cli)
        set(condition "__fish_contains_opt cli")
    else()
        help_of(text ${sub})
        set(condition "__fish_seen_subcommand_from ${sub}")
    endif()
    options_of(options "${text}")
    list(REMOVE_ITEM options --cli)
    string(REPLACE ";" " " option_words "${options}")
    string(APPEND bash_cases "        ${sub}) opts=\"${option_words}\" ;;\n")
    string(APPEND zsh_cases "        ${sub}) opts=(${option_words}) ;;\n")
    foreach(option IN LISTS options)
        string(SUBSTRING "${option}" 2 -1 long)
        string(APPEND fish "complete -c mcpscope -n '${condition}' -l ${long}\n")
    endforeach()
    # The subcommand's whole help, as it prints it (roff: backslashes and leading dots escaped).
    string(REPLACE "\\" "\\e" text "${text}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
    string(APPEND manual ".SS \"mcpscope ${sub}\"\n.nf\n${text}.fi\n")
endforeach()

string(REPLACE ";" " " top_words "${top_options}")
file(WRITE "${OUT}/mcpscope.bash" "# bash completion for mcpscope, made from its --help (cmake/HelpDocs.cmake)
_mcpscope()
{
    local cur=\${COMP_WORDS[COMP_CWORD]} opts
    case \${COMP_WORDS[1]} in
${bash_cases}        *) opts=\"${top_words}\" ;;
    esac
    if [[ \$COMP_CWORD -eq 1 ]]; then
        COMPREPLY=(\$(compgen -W \"${words} --cli \$opts\" -- \"\$cur\"))
    elif [[ \$cur == -* ]]; then
        COMPREPLY=(\$(compgen -W \"\$opts\" -- \"\$cur\"))
    else
        COMPREPLY=(\$(compgen -f -- \"\$cur\"))
    fi
}
complete -o default -F _mcpscope mcpscope
")
file(WRITE "${OUT}/_mcpscope" "#compdef mcpscope
# zsh completion for mcpscope, made from its --help (cmake/HelpDocs.cmake)
_mcpscope()
{
    local -a opts
    case \${words[2]} in
${zsh_cases}        *) opts=(${top_words}) ;;
    esac
    if (( CURRENT == 2 )); then
        compadd -- ${words} --cli \$opts
    elif [[ \${words[CURRENT]} == -* ]]; then
        compadd -- \$opts
    else
        _files
    fi
}
_mcpscope \"\$@\"
")
file(WRITE "${OUT}/mcpscope.fish" "${fish}")

file(WRITE "${OUT}/subcommands.h2m" "${manual}[FILES]
.TP
.I ~/.config/MCPScope/
the saved servers (servers.json; their secrets stay in the keychain) and settings
[SEE ALSO]
The README and docs/ of the source (https://github.com/mcpscope/mcpscope).
")
# Manual pages, compressed as Debian's policy asks (gzip -n: the same bytes from the same text).
function(manual_page program name)
    get_filename_component(base "${program}" NAME)
    execute_process(COMMAND "${HELP2MAN}" --no-info --no-discard-stderr --section 1 --name "${name}" ${ARGN}
                            --output "${OUT}/${base}.1" "${program}"
                    RESULT_VARIABLE rc ERROR_VARIABLE error)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "help2man ${base} failed: ${error}")
    endif()
    execute_process(COMMAND gzip -9 -n -f "${OUT}/${base}.1" RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "gzip ${base}.1 failed")
    endif()
endfunction()
manual_page("${MCPSCOPE}" "native inspector for Model Context Protocol servers" --include "${OUT}/subcommands.h2m")
manual_page("${DEMO_SERVER}" "demo Model Context Protocol server of MCP Scope")
