# cmake -DSOURCE_DIR=... -DGIT_EXECUTABLE=... -DPROJECT_VERSION=... -DOUT=... -P WriteVersion.cmake
# Writes the version header OUT from src/core/version.h.in with the commit of SOURCE_DIR
# ("unknown" without git or .git, "-dirty" appended when tracked files differ from HEAD).
# configure_file leaves OUT untouched when its content would not change.
set(PUZZLELAB_GIT_HASH "unknown")
if(GIT_EXECUTABLE AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --short=12 HEAD
                  WORKING_DIRECTORY ${SOURCE_DIR}
                  OUTPUT_VARIABLE _hash OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE _rc ERROR_QUIET)
  if(_rc EQUAL 0 AND _hash)
    set(PUZZLELAB_GIT_HASH "${_hash}")
    execute_process(COMMAND ${GIT_EXECUTABLE} status --porcelain --untracked-files=no
                    WORKING_DIRECTORY ${SOURCE_DIR}
                    OUTPUT_VARIABLE _changes RESULT_VARIABLE _rc ERROR_QUIET)
    if(_rc EQUAL 0 AND NOT _changes STREQUAL "")
      string(APPEND PUZZLELAB_GIT_HASH "-dirty")
    endif()
  endif()
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/../src/core/version.h.in ${OUT} @ONLY)
