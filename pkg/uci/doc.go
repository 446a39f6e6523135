// Package uci drives one chess-engine process that speaks UCI (or UCCI, ElephantEye's
// protocol) for Xiangqi: it starts the program, reads its identity and options, sets options,
// and searches one position at a time under a limit (nodes, depth or move time), returning the
// last score, principal variation and best move the engine reported.
//
// Engines write squares in dialects of their own: Pikafish and UCCI engines use the ICCS
// squares (files a–i, ranks 0–9 from Red's side), Fairy-Stockfish ranks 1–10. Package uci
// detects the dialect from the engine's "id name" line (or takes the one it is told) and
// converts every move to ICCS lower case ("h2e2"), checking that the best move is legal in the
// position searched and cutting the principal variation at its first move that is not.
// Positions are always sent as FEN, so no move text of the game is ever read by the engine.
//
// Every failure is an *Error whose Fault says what went wrong (ErrMissing, ErrStart, ErrCrash,
// ErrTimeout, ErrGarbage, ErrIllegal, all testable with errors.Is).
package uci
