# HTTP transports (Streamable HTTP, legacy HTTP+SSE, auto-detection) and the SSE parser.
target_sources(mcpscope_lib PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/sseparser.h ${CMAKE_CURRENT_LIST_DIR}/sseparser.cpp
)
