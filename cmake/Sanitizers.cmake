# ASan + UBSan for the debug-sanitize preset. Applied globally so that every
# object (including the test runners) carries the same instrumentation.
if(PUZZLELAB_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()

# The fuzz preset: every library carries libFuzzer's coverage instrumentation, so the
# fuzz targets (which add -fsanitize=fuzzer) are guided through library code too.
if(PUZZLELAB_FUZZ)
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
