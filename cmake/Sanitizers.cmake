# ASan + UBSan for the debug-sanitize preset. Applied globally so that every
# object (including the test runners) carries the same instrumentation.
if(PUZZLELAB_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
  # -O1 in the Debug sanitizer build, as the ASan documentation recommends: the whole
  # suite (exact solvers, simulations over every answer) runs several times faster than
  # at -O0, which keeps the sanitizer pass of CI within its time; assertions stay on.
  add_compile_options($<$<CONFIG:Debug>:-O1>)
endif()

# The fuzz preset: every library carries libFuzzer's coverage instrumentation, so the
# fuzz targets (which add -fsanitize=fuzzer) are guided through library code too.
if(PUZZLELAB_FUZZ)
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
