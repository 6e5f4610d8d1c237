# Finds cpp-httplib. Debian's libcpp-httplib-dev ships a compiled library with a pkg-config
# file but no CMake package, so this wraps the pkg-config module as the imported target
# httplib::httplib, the name upstream's own CMake package uses.
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(PC_HTTPLIB QUIET cpp-httplib)
endif()
find_path(httplib_INCLUDE_DIR httplib.h HINTS ${PC_HTTPLIB_INCLUDE_DIRS})
find_library(httplib_LIBRARY NAMES cpp-httplib HINTS ${PC_HTTPLIB_LIBRARY_DIRS})
set(httplib_VERSION ${PC_HTTPLIB_VERSION})
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(httplib REQUIRED_VARS httplib_LIBRARY httplib_INCLUDE_DIR
                                  VERSION_VAR httplib_VERSION)
if(httplib_FOUND AND NOT TARGET httplib::httplib)
  add_library(httplib::httplib UNKNOWN IMPORTED)
  # The library was built with these features on; the header must see the same switches.
  set_target_properties(httplib::httplib PROPERTIES
    IMPORTED_LOCATION ${httplib_LIBRARY}
    INTERFACE_INCLUDE_DIRECTORIES ${httplib_INCLUDE_DIR}
    INTERFACE_COMPILE_OPTIONS "${PC_HTTPLIB_CFLAGS_OTHER}")
endif()
mark_as_advanced(httplib_INCLUDE_DIR httplib_LIBRARY)
