// Package board is qipu's Xiangqi (Chinese chess) engine: the rules that every reader and
// writer relies on to replay a game record move by move and to check that each move is legal.
//
// It provides squares, pieces and bitboards; FEN setups (ParseFEN, Setup) and their
// validation (NewPosition, FromFEN, with problems that may be ignored for odd setups found in
// real archives); legal move generation (GenerateLegal, LegalMoves, CountLegal, IsLegal);
// Play/Unplay with an incrementally updated Zobrist key; check, checkmate and stalemate
// tests; and Perft/Divide, the leaf counts of the legal move tree, which double as the
// engine's self-test and benchmark.
//
// Coordinates follow the platform display format: a Square is row*9+col, row 0 is Black's
// back rank at the top, row 9 is Red's back rank, col 0 is the left edge seen from Red. Red
// moves toward row 0, Black toward row 9. Squares and moves print in ICCS form (files a–i
// from Red's left, ranks 0–9 from Red's back rank, as in the xqbase notation note), so the
// start position's central cannon opening is "h2e2".
//
// The move generator is exact, including the flying-general rule (the generals may never face
// each other on an open file) and the cannon's screen. A side that is not in check finds its
// pinned pieces and the squares that would screen an enemy cannon in one pass over the few
// enemy pieces that can attack its general; every other move is legal without a test, which
// lets the last ply of Perft count whole target sets with a popcount.
package board
