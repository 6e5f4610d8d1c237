# Writes the Debian machine-readable copyright file (DEP-5,
# https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/) for the .deb from
# LICENSE and NOTICE: the project's own paragraph, the NOTICE paragraphs (one per data
# source, already in "Field: value" form), and the MIT licence text once. Rewritten when
# either file changes.
function(puzzlelab_debian_copyright out)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
               ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/NOTICE)
  file(STRINGS ${PROJECT_SOURCE_DIR}/LICENSE _license)
  file(READ ${PROJECT_SOURCE_DIR}/NOTICE _notice)
  # The NOTICE paragraphs start at the first "Files:" line; the prose before it is for people.
  string(FIND "${_notice}" "\nFiles:" _at)
  if(_at EQUAL -1)
    message(FATAL_ERROR "NOTICE has no \"Files:\" paragraph")
  endif()
  math(EXPR _at "${_at} + 1")
  string(SUBSTRING "${_notice}" ${_at} -1 _paragraphs)
  string(STRIP "${_paragraphs}" _paragraphs)
  # The licence text: every line indented by one space, empty lines as " ." (DEP-5);
  # the "MIT License" and copyright lines are the header and the Copyright field.
  set(_text "")
  set(_started OFF)
  foreach(line IN LISTS _license)
    if(line MATCHES "^Permission is hereby granted")
      set(_started ON)
    endif()
    if(NOT _started)
      continue()
    endif()
    if(line STREQUAL "")
      string(APPEND _text " .\n")
    else()
      string(APPEND _text " ${line}\n")
    endif()
  endforeach()
  file(WRITE ${out} "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: ${PROJECT_NAME}
Comment: The game data embedded in the program comes from the sources named in the
 paragraphs below; data/*/SOURCES.md in the source tree gives the exact commits,
 checksums and how each file was derived.

Files: *
Copyright: 2026 the puzzlelab authors
License: MIT

${_paragraphs}

License: MIT
${_text}")
endfunction()
