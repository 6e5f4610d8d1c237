// puzzlelab_game2048: the module is being built (see its issue).
