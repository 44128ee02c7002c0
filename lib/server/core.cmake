# The MCP server framework: Server (definitions), ServerSession (one connection),
# RequestContext (one request in flight), ServerTransport and its stdio implementation.
target_sources(mcpscope_lib PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/servertransport.h ${CMAKE_CURRENT_LIST_DIR}/servertransport.cpp
    ${CMAKE_CURRENT_LIST_DIR}/stdioservertransport.h ${CMAKE_CURRENT_LIST_DIR}/stdioservertransport.cpp
    ${CMAKE_CURRENT_LIST_DIR}/uritemplate.h ${CMAKE_CURRENT_LIST_DIR}/uritemplate.cpp
    ${CMAKE_CURRENT_LIST_DIR}/server.h ${CMAKE_CURRENT_LIST_DIR}/server.cpp
    ${CMAKE_CURRENT_LIST_DIR}/serversession.h ${CMAKE_CURRENT_LIST_DIR}/serversession.cpp
    ${CMAKE_CURRENT_LIST_DIR}/requestcontext.h ${CMAKE_CURRENT_LIST_DIR}/requestcontext.cpp
)
