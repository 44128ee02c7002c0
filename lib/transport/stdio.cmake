# The stdio transport (included by lib/transport/CMakeLists.txt).
target_sources(mcpscope_lib PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/lineframer.h ${CMAKE_CURRENT_LIST_DIR}/lineframer.cpp
    ${CMAKE_CURRENT_LIST_DIR}/stdiotransport.h ${CMAKE_CURRENT_LIST_DIR}/stdiotransport.cpp
)
