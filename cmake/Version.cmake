# The version header names the git commit the binary was built from. configure time alone is
# not enough: a build after a new commit would go on reporting the commit of the last
# configure. So the header is rewritten by a target that runs at every build;
# cmake/WriteVersion.cmake leaves the file untouched when nothing changed, so nothing
# recompiles then. A tarball without .git says "unknown"; uncommitted changes add "-dirty".
find_package(Git QUIET)
set(PUZZLELAB_VERSION_HEADER ${CMAKE_BINARY_DIR}/generated/puzzlelab/version.h)
set(_puzzlelab_version_args
    -DSOURCE_DIR=${CMAKE_SOURCE_DIR} -DGIT_EXECUTABLE=${GIT_EXECUTABLE}
    -DPROJECT_VERSION=${PROJECT_VERSION} -DOUT=${PUZZLELAB_VERSION_HEADER}
    -P ${CMAKE_CURRENT_LIST_DIR}/WriteVersion.cmake)
# Written once now, so the header exists before the first build.
execute_process(COMMAND ${CMAKE_COMMAND} ${_puzzlelab_version_args})
add_custom_target(puzzlelab_version
                  COMMAND ${CMAKE_COMMAND} ${_puzzlelab_version_args}
                  BYPRODUCTS ${PUZZLELAB_VERSION_HEADER}
                  VERBATIM)
