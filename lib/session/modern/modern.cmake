# The modern era's session pieces (2026-07-28): request metadata, era detection, multi
# round-trip requests, result caching, subscriptions/listen.
target_sources(mcpscope_lib PRIVATE
    modern/vocabulary.h
    modern/requestmeta.h modern/requestmeta.cpp
    modern/modernerrors.h modern/modernerrors.cpp
    modern/eradetector.h modern/eradetector.cpp
    modern/multiroundtrip.h modern/multiroundtrip.cpp
    modern/resultcache.h modern/resultcache.cpp
    modern/subscriptions.h modern/subscriptions.cpp
)
