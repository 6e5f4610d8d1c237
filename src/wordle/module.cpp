// puzzlelab_wordle: the module is being built (see its issue).
