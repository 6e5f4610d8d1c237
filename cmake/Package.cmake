# `cmake --build <build> --target package` makes a .deb of the runtime component (the
# program, man pages, completions, README and docs) with CPack, and where MPI was found a
# second one, puzzlelab-mpi, of the mpi component. Its version is the
# project's, which `puzzlelab --version` also prints; its dependencies are computed by
# dpkg-shlibdeps (dpkg-dev); its copyright file is generated from LICENSE and NOTICE.
include(DebianCopyright)
puzzlelab_debian_copyright(${PROJECT_BINARY_DIR}/debian/copyright)
install(FILES ${PROJECT_BINARY_DIR}/debian/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT runtime)

# Debian's policy wants the package's change log as changelog.gz in Debian's format (which
# lintian parses); it has one entry for this version and points to CHANGELOG.md, where the
# changes are written. The date is the configure time (SOURCE_DATE_EPOCH, when set, fixes it).
set(PUZZLELAB_MAINTAINER "the puzzlelab authors <puzzlelab@users.noreply.github.com>")
string(TIMESTAMP _changelog_date "%a, %d %b %Y %H:%M:%S +0000" UTC)
file(WRITE ${PROJECT_BINARY_DIR}/debian/changelog
     "${PROJECT_NAME} (${PROJECT_VERSION}) unstable; urgency=medium

  * Version ${PROJECT_VERSION}; the changes are listed in
    /usr/share/doc/${PROJECT_NAME}/CHANGELOG.md.

 -- ${PUZZLELAB_MAINTAINER}  ${_changelog_date}
")
add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/debian/changelog.gz
  COMMAND gzip -9 -n -f -k ${PROJECT_BINARY_DIR}/debian/changelog
  DEPENDS ${PROJECT_BINARY_DIR}/debian/changelog
  COMMENT "Compressing the Debian changelog" VERBATIM)
add_custom_target(puzzlelab_debian_changelog ALL DEPENDS ${PROJECT_BINARY_DIR}/debian/changelog.gz)
install(FILES ${PROJECT_BINARY_DIR}/debian/changelog.gz DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT runtime)

# The puzzlelab-mpi package has its own copyright file and change log (Debian wants both
# in every package's doc folder); its changes are those of puzzlelab.
if(TARGET puzzlelab-mpi)
  set(_mpi_doc ${CMAKE_INSTALL_DATADIR}/doc/puzzlelab-mpi)
  file(WRITE ${PROJECT_BINARY_DIR}/debian-mpi/changelog
       "puzzlelab-mpi (${PROJECT_VERSION}) unstable; urgency=medium

  * Version ${PROJECT_VERSION}; the changes are listed in
    /usr/share/doc/${PROJECT_NAME}/CHANGELOG.md.

 -- ${PUZZLELAB_MAINTAINER}  ${_changelog_date}
")
  add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/debian-mpi/changelog.gz
    COMMAND gzip -9 -n -f -k ${PROJECT_BINARY_DIR}/debian-mpi/changelog
    DEPENDS ${PROJECT_BINARY_DIR}/debian-mpi/changelog
    COMMENT "Compressing the puzzlelab-mpi Debian changelog" VERBATIM)
  add_custom_target(puzzlelab_mpi_debian_changelog ALL DEPENDS ${PROJECT_BINARY_DIR}/debian-mpi/changelog.gz)
  install(FILES ${PROJECT_BINARY_DIR}/debian-mpi/changelog.gz ${PROJECT_BINARY_DIR}/debian/copyright
          DESTINATION ${_mpi_doc} COMPONENT mpi)
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME puzzlelab)
set(CPACK_PACKAGE_VENDOR "the puzzlelab authors")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
# The extended description (CPack puts the summary line, the project's description, first).
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION
    "One program for four classic puzzles: Wordle, Handle (the Chinese-idiom Wordle
with pinyin feedback), the 24-point game and 2048. Play them in a terminal, get
help with the real daily games, solve 24 hands exactly and let AI players play
thousands of games with honest statistics.")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_CHECKSUM SHA256)

# Only the runtime component: the libraries and headers are for `cmake --install`.
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL runtime)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME puzzlelab)
set(CPACK_DEBIAN_RUNTIME_FILE_NAME DEB-DEFAULT)
if(TARGET puzzlelab-mpi)
  # puzzlelab-mpi needs mpirun (openmpi-bin) to be of use; its commands are documented in
  # puzzlelab's man pages, of the same version.
  list(APPEND CPACK_COMPONENTS_ALL mpi)
  set(CPACK_DEBIAN_MPI_PACKAGE_NAME puzzlelab-mpi)
  set(CPACK_DEBIAN_MPI_FILE_NAME DEB-DEFAULT)
  set(CPACK_DEBIAN_MPI_PACKAGE_DEPENDS "puzzlelab (= ${PROJECT_VERSION}), openmpi-bin")
  set(CPACK_DEBIAN_MPI_DESCRIPTION
      "puzzlelab over MPI: simulations, surveys and proofs on many cores
puzzlelab's simulations, 24 surveys and the proof of the best first guess,
shared among the ranks of an MPI job (Open MPI) on one machine or a cluster:
mpirun -np N puzzlelab-mpi takes exactly puzzlelab's command line and prints
what one puzzlelab process prints.")
endif()
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${PUZZLELAB_MAINTAINER}")
# "utils", not "games": Debian's games section means a binary in /usr/games, and much of
# puzzlelab is a tool for scripts (solvers, scorers, simulations) that belongs on PATH.
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS OFF)

include(CPack)
