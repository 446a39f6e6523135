// Package analysis is what an engine says of the positions of a game: one Eval per position
// of the main line (ply 0, before the first move, through the position after the last), with
// the score from Red's point of view. It writes them as a JSON Lines "analysis" array
// (AppendJSON) and as PGN annotations (Annotate: {[%eval 0.28,9]} comments, $2 and $4 NAGs for
// mistakes and blunders, a result note when the final evaluation contradicts a decisive
// result), reads the comments back (ParseEval, Read), and computes them with a pool of engine
// processes (Analyzer, over package uci) behind an optional Cache.
package analysis
