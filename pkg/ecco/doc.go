// Package ecco classifies Xiangqi openings by ECCO 2004 (中国象棋开局编号, the
// Encyclopedia of Chinese Chess Openings published by xqbase.com), the codes A00–E99 that
// archives write in their [ECCO], [Opening] and [Variation] tags.
//
//	r, ok := ecco.Classify(g, ecco.DefaultPlies)
//	// r.Code == "C45", r.Opening == "中炮过河车互进七兵对屏风马平炮兑车",
//	// r.Variation == "红左边炮对黑退边炮上右士"
//
// # Rule kinds
//
// ECCO defines its 260 codes in three ways, and the data here expresses all three:
//
//   - Sequence rules (顺序型): fixed moves at fixed rounds, e.g. A15 is 1. 相三进五 马２进３
//     2. 兵三进一.
//   - Any-order rules (过程型): one side must complete a set of moves, in a given order or in
//     any order (不分先后), and may play only the listed filler moves (此前可走…) before
//     completing them; after that it is free. All of it must happen within the plies looked at.
//   - Base positions (局面型): C20, C30, C61 and C72 are boards reached after 10, 9, 9 and 12
//     plies by many move orders (24 for C30). They are matched by comparing the board after
//     that many plies with the base board, so any transposition reaches them; their codes'
//     moves then count on from there.
//
// A code may exclude others (the printed "不包括…"): it applies only when none of those
// applies. Of the codes that hold and are not excluded, a code defined from a base position
// wins over one defined by moves alone; otherwise the last one in code order wins, since each
// group lists its catch-all ("(其他)") first. A00 holds for every game.
//
// # Conventions
//
// The rules are written with Red's first move on Red's right half (files 一–五). A game whose
// first move starts on files 六–九 is mirrored left–right first, so a game and its mirror get
// the same code and names ("左/右" in a name is relative to the players).
//
// Classify looks at the first plies plies of the main line: DefaultPlies (20) as xqbase's own
// tools pass; another common tagger passes 15, which gives a shallower code where a rule needs
// a later move (C45 instead of C46, B55 instead of B56). Games from a set-up position, and
// games with no moves, have no code.
//
// Names are given as archives write them: the printed name split at "——" into opening and
// variation, with remarks about other cases ("(其他)", "(对其他)", "(不包括…)") dropped.
//
// # Readings
//
// Where the ECCO authors' own program reads a rule otherwise than the letter of the printed
// pages (D03 for every 2. 车一进一 after 炮二平五 炮８平５; the scan of Red's moves in D21–D25;
// Red's 2nd move unchecked in B01/B04; C02 before C11; C5x through the fillers; C85 without
// 6. 马七进六; and a few more), every tagged archive carries the program's code. Classify and
// ClassifyMoves read the rules as the program does (Program); ClassifyIn and ClassifyMovesIn
// take the reading, Pages for the letter of the pages. Both readings are data: condition lines
// of ecco.rules marked "@program" or "@pages" belong to that reading only.
//
// # Data
//
// The classification data is the embedded file ecco.rules, parsed once on first use. It is
// qipu's own statement of the published rules, in this layout:
//
//	group NAME            conditions shared by codes that say "in: NAME"
//	base NAME PLY FEN     a base position: the board after PLY plies, with its conditions
//	code XNN NAME         a code and its printed name
//	  r: SPEC | SPEC      Red's moves: alternatives, at least one must hold
//	  b: SPEC             Black's moves
//	  or                  another alternative line of the code
//	  in: NAME            appended to a group's moves, or counted from a base position
//	  not: X-Y Z          the codes it excludes
//
// A SPEC lists one side's moves in WXF notation from that side's point of view (C2.5 is
// 炮二平五 for Red, N8+7 is 马８进７ for Black): MOVE or A/B (the next move), * (any move),
// {A B} (these moves in any order) and [F G] (filler moves allowed before the next MOVE or
// set). Where the printed rules are wrong or silent (B21, B30/B33, B32, D34, C76 and others)
// the data says so in a comment beside the entry, and follows the tagged games of
// ../shared/corpus; TestCorpusTags checks them all.
//
// Classification replays the moves on a mailbox, describes each ply by its WXF key and
// tests each distinct move condition once: a few microseconds per game, with no allocation.
// The functions are safe for concurrent use.
package ecco
