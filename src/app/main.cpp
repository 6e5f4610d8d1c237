// The puzzlelab executable (app/entry.cpp has the program itself).
#include "app/entry.h"

int main(int argc, char** argv) { return puzzlelab::app::run_program(argc, argv, nullptr); }
