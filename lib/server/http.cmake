# Server-side Streamable HTTP on QTcpServer (see httpserver.h for why not Qt HttpServer).
target_sources(mcpscope_lib PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/httpserver.h ${CMAKE_CURRENT_LIST_DIR}/httpserver.cpp
)
