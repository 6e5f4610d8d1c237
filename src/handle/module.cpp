// puzzlelab_handle: the module is being built (see its issue).
