// puzzlelab_guess: the module is being built (see its issue).
