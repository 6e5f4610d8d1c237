// puzzlelab_game24: the module is being built (see its issue).
