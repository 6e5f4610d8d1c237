# Embeds files into the binary. A small host tool (tools/embed_data.cpp) turns them into one
# C++ source of string literals, regenerated when any file changes, so puzzlelab runs from
# any directory and after install without data files beside it.
add_executable(puzzlelab_embed_tool ${CMAKE_SOURCE_DIR}/tools/embed_data.cpp)

# puzzlelab_embed_dir(OUT_VAR DIR FUNCTION [EXCLUDE regex]): every file under DIR, served by
# the function FUNCTION (NAMESPACE::NAME, returning std::span<const core::EmbeddedFile>).
function(puzzlelab_embed_dir out_var dir function)
  cmake_parse_arguments(ARG "" "EXCLUDE" "" ${ARGN})
  file(GLOB_RECURSE _files RELATIVE ${dir} CONFIGURE_DEPENDS ${dir}/*)
  if(ARG_EXCLUDE)
    list(FILTER _files EXCLUDE REGEX "${ARG_EXCLUDE}")
  endif()
  list(SORT _files)
  set(_abs)
  foreach(f IN LISTS _files)
    list(APPEND _abs ${dir}/${f})
  endforeach()
  string(REPLACE "::" "_" _stem "${function}")
  set(_out ${CMAKE_BINARY_DIR}/generated/${_stem}.cpp)
  add_custom_command(OUTPUT ${_out}
    COMMAND puzzlelab_embed_tool --function ${function} ${_out} ${dir} ${_files}
    DEPENDS puzzlelab_embed_tool ${_abs}
    COMMENT "Embedding ${dir} into the binary")
  set(${out_var} ${_out} PARENT_SCOPE)
endfunction()

# The game data under data/ (its SOURCES.md files stay out), read by core::DataSource.
function(puzzlelab_embed_data out_var)
  puzzlelab_embed_dir(_out ${CMAKE_SOURCE_DIR}/data puzzlelab::core::embedded_files EXCLUDE "SOURCES\\.md$")
  set(${out_var} ${_out} PARENT_SCOPE)
endfunction()
