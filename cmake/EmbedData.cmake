# Embeds the files under data/ into the binary. A small host tool (tools/embed_data.cpp)
# turns them into one C++ source of string literals, regenerated when any file changes,
# so puzzlelab runs from any directory and after install without data files beside it.
function(puzzlelab_embed_data out_var)
  file(GLOB_RECURSE _files RELATIVE ${CMAKE_SOURCE_DIR}/data CONFIGURE_DEPENDS
       ${CMAKE_SOURCE_DIR}/data/*)
  list(FILTER _files EXCLUDE REGEX "SOURCES\\.md$")
  list(SORT _files)
  set(_abs)
  foreach(f IN LISTS _files)
    list(APPEND _abs ${CMAKE_SOURCE_DIR}/data/${f})
  endforeach()
  add_executable(puzzlelab_embed_tool ${CMAKE_SOURCE_DIR}/tools/embed_data.cpp)
  set(_out ${CMAKE_BINARY_DIR}/generated/embedded_data.cpp)
  add_custom_command(OUTPUT ${_out}
    COMMAND puzzlelab_embed_tool ${_out} ${CMAKE_SOURCE_DIR}/data ${_files}
    DEPENDS puzzlelab_embed_tool ${_abs}
    COMMENT "Embedding data/ into the binary")
  set(${out_var} ${_out} PARENT_SCOPE)
endfunction()
