# HTTP transports (Streamable HTTP, legacy HTTP+SSE, auto-detection) and the SSE parser.
target_sources(mcpscope_lib PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/sseparser.h ${CMAKE_CURRENT_LIST_DIR}/sseparser.cpp
    ${CMAKE_CURRENT_LIST_DIR}/httptransportoptions.h ${CMAKE_CURRENT_LIST_DIR}/httpauthorizer.h
    ${CMAKE_CURRENT_LIST_DIR}/httpcommon_p.h ${CMAKE_CURRENT_LIST_DIR}/httpcommon.cpp
    ${CMAKE_CURRENT_LIST_DIR}/streamablehttptransport.h ${CMAKE_CURRENT_LIST_DIR}/streamablehttptransport.cpp
    ${CMAKE_CURRENT_LIST_DIR}/legacyssetransport.h ${CMAKE_CURRENT_LIST_DIR}/legacyssetransport.cpp
    ${CMAKE_CURRENT_LIST_DIR}/httpautotransport.h ${CMAKE_CURRENT_LIST_DIR}/httpautotransport.cpp
)
