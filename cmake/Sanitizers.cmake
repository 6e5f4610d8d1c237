# ASan + UBSan for the debug-sanitize preset. Applied globally so that every
# object (including the test runners) carries the same instrumentation.
if(PUZZLELAB_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
