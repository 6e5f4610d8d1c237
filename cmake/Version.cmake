# The git hash is read at configure time; a tarball without .git says "unknown".
find_package(Git QUIET)
set(PUZZLELAB_GIT_HASH "unknown")
if(GIT_FOUND AND EXISTS "${CMAKE_SOURCE_DIR}/.git")
  execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --short=12 HEAD
                  WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
                  OUTPUT_VARIABLE _hash OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE _rc ERROR_QUIET)
  if(_rc EQUAL 0 AND _hash)
    set(PUZZLELAB_GIT_HASH "${_hash}")
  endif()
endif()
configure_file(${CMAKE_SOURCE_DIR}/src/core/version.h.in ${CMAKE_BINARY_DIR}/generated/puzzlelab/version.h @ONLY)
