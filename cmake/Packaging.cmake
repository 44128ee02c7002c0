# A Debian package of what `cmake --install` installs, made by CPack from the same build
# (scripts/package.sh): the two programs, the desktop entry, metainfo and icon, the manual page and
# completions (resources/CMakeLists.txt), the copyright and changelog. The libraries it links come
# from Debian's packages, found by dpkg-shlibdeps; what Qt loads at run time is named here.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME mcpscope)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "The MCP Scope developers <mcpscope@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "native inspector for Model Context Protocol servers")
# The synopsis is the summary; this is the extended description (lines under 80 columns).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "MCP Scope connects to Model Context Protocol servers over stdio,
Streamable HTTP or SSE, in both protocol eras, shows their tools, resources
and prompts, calls tools by hand, answers the server's requests and records
every JSON-RPC message. The mcpscope command also runs headless: one
operation (--cli), a recording proxy (record), a comparison of two servers
(diff), a server doctor (doctor), collections of calls with assertions (test)
and replays of captures (replay). mcpscope-demo-server is a server to try.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE https://github.com/mcpscope/mcpscope)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The X11 platform plugin and the SVG icon engine come with libqt6gui6 and libqt6svg6, which
# dpkg-shlibdeps finds; a Wayland session's platform plugin is a package of its own.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland")
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
