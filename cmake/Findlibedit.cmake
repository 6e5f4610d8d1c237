# Finds libedit, the BSD line editor (Debian libedit-dev), which ships a pkg-config file
# but no CMake package: this wraps it as the imported target libedit::libedit. The app's
# line prompts use it for editing and history on a terminal (src/app/line_input.cpp).
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(PC_LIBEDIT QUIET libedit)
endif()
find_path(libedit_INCLUDE_DIR histedit.h HINTS ${PC_LIBEDIT_INCLUDE_DIRS})
find_library(libedit_LIBRARY NAMES edit HINTS ${PC_LIBEDIT_LIBRARY_DIRS})
set(libedit_VERSION ${PC_LIBEDIT_VERSION})
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(libedit REQUIRED_VARS libedit_LIBRARY libedit_INCLUDE_DIR
                                  VERSION_VAR libedit_VERSION)
if(libedit_FOUND AND NOT TARGET libedit::libedit)
  add_library(libedit::libedit UNKNOWN IMPORTED)
  set_target_properties(libedit::libedit PROPERTIES
    IMPORTED_LOCATION ${libedit_LIBRARY}
    INTERFACE_INCLUDE_DIRECTORIES ${libedit_INCLUDE_DIR})
endif()
mark_as_advanced(libedit_INCLUDE_DIR libedit_LIBRARY)
