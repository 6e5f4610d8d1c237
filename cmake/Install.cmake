# What `cmake --install` puts where, in two components:
#   runtime      the puzzlelab program, its man pages and shell completions (generated at
#                build time by running the program on its own command tree), the docs
#   development  the game libraries as a CMake package: static libraries, headers in the
#                source layout (include/puzzlelab/core/rng.h, included as "core/rng.h"),
#                exported targets puzzlelab::core ... puzzlelab::game2048
#   mpi          puzzlelab-mpi and its man page (only where MPI is installed)
# The .debs (cmake/Package.cmake) hold the runtime and the mpi components.
include(CMakePackageConfigHelpers)

# --- Man pages and completions, generated from the built program ---------------------
set(PUZZLELAB_MAN_PAGES puzzlelab puzzlelab-wordle puzzlelab-handle puzzlelab-24 puzzlelab-2048)
set(PUZZLELAB_GENERATED_DIR ${PROJECT_BINARY_DIR}/share)
set(_generated)
set(_run_to_file ${PROJECT_SOURCE_DIR}/cmake/RunToFile.cmake)
foreach(page IN LISTS PUZZLELAB_MAN_PAGES)
  string(REPLACE "puzzlelab" "" _game "${page}")
  string(REPLACE "-" "" _game "${_game}")
  set(_out ${PUZZLELAB_GENERATED_DIR}/man/man1/${page}.1)
  add_custom_command(OUTPUT ${_out} ${_out}.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PUZZLELAB_GENERATED_DIR}/man/man1
    COMMAND ${CMAKE_COMMAND} -DOUT=${_out} -DGZIP=ON -P ${_run_to_file} -- $<TARGET_FILE:puzzlelab> man ${_game}
    DEPENDS puzzlelab ${_run_to_file}
    COMMENT "Generating the man page ${page}(1)" VERBATIM)
  list(APPEND _generated ${_out} ${_out}.gz)
  install(FILES ${_out}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT runtime)
endforeach()

# Where each shell looks for completions of a package (Debian's locations under the prefix).
set(_completions
    bash "bash-completion/completions" "puzzlelab"
    zsh "zsh/vendor-completions" "_puzzlelab"
    fish "fish/vendor_completions.d" "puzzlelab.fish")
while(_completions)
  list(POP_FRONT _completions _shell _dir _file)
  set(_out ${PUZZLELAB_GENERATED_DIR}/completions/${_shell}/${_file})
  add_custom_command(OUTPUT ${_out}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PUZZLELAB_GENERATED_DIR}/completions/${_shell}
    COMMAND ${CMAKE_COMMAND} -DOUT=${_out} -P ${_run_to_file} -- $<TARGET_FILE:puzzlelab> completion ${_shell}
    DEPENDS puzzlelab ${_run_to_file}
    COMMENT "Generating the ${_shell} completion" VERBATIM)
  list(APPEND _generated ${_out})
  install(FILES ${_out} DESTINATION ${CMAKE_INSTALL_DATADIR}/${_dir} COMPONENT runtime)
endwhile()
add_custom_target(puzzlelab_man_and_completions ALL DEPENDS ${_generated})

# --- The program and its documents ----------------------------------------------------
install(TARGETS puzzlelab RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)
install(FILES README.md CHANGELOG.md LICENSE NOTICE DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT runtime)
# The manual with its rule pages (docs/rules) and measured results (docs/results, with
# the results files of the Wordle proofs, xz-compressed).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs COMPONENT runtime
        FILES_MATCHING PATTERN "*.md" PATTERN "*.jsonl.xz")

# --- puzzlelab-mpi, where MPI was found: its own component (and .deb), so that the
# puzzlelab package does not pull in Open MPI. Its man page is written by hand: it
# describes how the ranks share a command; the commands are puzzlelab's own pages.
if(TARGET puzzlelab-mpi)
  set(_mpi_man ${PUZZLELAB_GENERATED_DIR}/man/man1/puzzlelab-mpi.1)
  add_custom_command(OUTPUT ${_mpi_man}.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PUZZLELAB_GENERATED_DIR}/man/man1
    COMMAND ${CMAKE_COMMAND} -E copy ${PROJECT_SOURCE_DIR}/src/mpi/puzzlelab-mpi.1 ${_mpi_man}
    COMMAND gzip -9 -n -f ${_mpi_man}
    DEPENDS ${PROJECT_SOURCE_DIR}/src/mpi/puzzlelab-mpi.1
    COMMENT "Compressing the man page puzzlelab-mpi(1)" VERBATIM)
  add_custom_target(puzzlelab_mpi_man ALL DEPENDS ${_mpi_man}.gz)
  install(TARGETS puzzlelab-mpi RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT mpi)
  install(FILES ${_mpi_man}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT mpi)
endif()

# --- The libraries as a CMake package -------------------------------------------------
set(PUZZLELAB_LIBRARIES core guess wordle handle game24 game2048)
set(_targets)
foreach(lib IN LISTS PUZZLELAB_LIBRARIES)
  list(APPEND _targets puzzlelab_${lib})
  # Every header of the library's folder, whatever files it holds at install time.
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/src/${lib} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/puzzlelab
          COMPONENT development FILES_MATCHING PATTERN "*.h")
endforeach()
install(TARGETS ${_targets} EXPORT puzzlelabTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT development)
set(_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/puzzlelab)
install(EXPORT puzzlelabTargets NAMESPACE puzzlelab:: DESTINATION ${_cmake_dir} COMPONENT development)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/puzzlelabConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/puzzlelabConfig.cmake INSTALL_DESTINATION ${_cmake_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/puzzlelabConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/puzzlelabConfig.cmake ${PROJECT_BINARY_DIR}/puzzlelabConfigVersion.cmake
        DESTINATION ${_cmake_dir} COMPONENT development)
