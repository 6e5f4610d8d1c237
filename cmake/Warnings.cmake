# Warnings for the project's own targets (not for the Debian packages it uses).
# PUZZLELAB_WERROR (on in CI) turns them into errors.
function(puzzlelab_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                         -Wno-sign-conversion -Wnon-virtual-dtor -Wold-style-cast
                         -Woverloaded-virtual -Wimplicit-fallthrough)
  if(PUZZLELAB_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
