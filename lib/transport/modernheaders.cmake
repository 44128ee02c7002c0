# Request headers of Streamable HTTP in the modern era (2026-07-28).
target_sources(mcpscope_lib PRIVATE
    modernheaders.h modernheaders.cpp
)
