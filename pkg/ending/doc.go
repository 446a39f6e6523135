// Package ending says how a Xiangqi game ends when the board decides it: checkmate,
// stalemate, the natural limit, and above all repetition, where the rules of Xiangqi (unlike
// chess) often name a loser.
//
// It has two parts, both free of allocation per ply:
//
//   - History counts the occurrences of each position along one replay path (the main line,
//     then each variation on its own path): Reset with the start position's key, Push after
//     every ply, Truncate to branch. A position is the placement and the side to move
//     (board.Position.Key includes both); occurrences are looked for two plies apart only,
//     and only back to the last capture, since no earlier position can come back after one.
//     The start position counts as the first occurrence.
//   - JudgeCycle judges the moves between the last two occurrences of a repeated position.
//
// # When a repetition is judged
//
// The caller chooses the occurrence at which it judges. Pikafish and Fairy-Stockfish end the
// game at the third occurrence of a position; the xqbase computer league and ElephantEye at
// the fourth. For a cycle played through unchanged both see the same moves, so the verdict
// is the same; only the ply differs.
//
// # The rules
//
// Perpetual check (Kind PerpetualCheck): a side that gives check with every one of its moves
// of the cycle, while the other side does not, loses. This is the rule of the Chinese rules
// of 1999, of the Asian Xiangqi Federation (AXF) and of every engine.
//
// Mutual perpetual check (MutualPerpetualCheck): both sides check with every move. The AXF
// rules and the engines (Fairy-Stockfish rules it a draw) make it a draw, and so does this
// package; the Chinese rules of 1999 do not settle the case.
//
// Perpetual chase (PerpetualChase, only under Rules XQBase): a heuristic after the xqbase
// computer league's published definition, which is narrower than the Chinese and AXF rules
// that human arbiters apply (those weigh piece values, real threats and exchanges case by
// case). A move chases when it is not a check and the moved piece newly attacks (could
// legally capture next, which it could not before the move) one of these:
//
//   - a chariot, attacked by a horse or a cannon, protected or not;
//   - an unprotected horse or cannon, or an unprotected soldier that has crossed the river,
//     attacked by a horse, chariot or cannon.
//
// Pieces of the same kind never chase each other; generals, advisors, elephants and soldiers
// on their own side are never chased, and only horses, chariots and cannons chase. A piece is
// protected when, after the attacker takes it, its side can legally take back on that square
// (a pinned defender does not protect). A side chases perpetually when every one of its moves
// of the cycle chases the same piece; a check that also chases counts as a check. A side that
// alternates check and chase is not judged: under the xqbase league's rules, as under AXF's,
// "one check, one chase" is a draw by repetition (the Chinese rules of 1999 forbid it; a
// rule set that follows them would judge it). The chaser loses when the other side does
// not chase too; a chase by both sides is a draw. Fairy-Stockfish follows an AXF reading,
// which also counts advisors and elephants as chased and judges some attacks new that this
// definition does not, so the two disagree on some cycles.
//
// Repetition: any other cycle, a draw.
//
// # Other endings
//
// Kind also names checkmate and stalemate (a side without a legal move loses, in check or
// not), which the caller finds with board.Position.IsCheckmate and IsStalemate, and the
// natural limit: NaturalLimitPlies plies without a capture (NaturalLimitReached). Kind's
// names are the "kind" values of the game-level JSON field
// {"kind":K,"loser":"red"|"black"|"","plies":[…]}.
package ending
