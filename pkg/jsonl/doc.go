// Package jsonl writes games in qipu's JSON Lines schema: one object per game, the output of
// `qipu convert --to jsonl` and, without "moves", of `--report`. This is the one place the
// schema is written down:
//
//		{"source":"dir/file.pgn","index":1,"format":"pgn","encoding":"gb18030",
//		 "tags":{"Event":"...","Red":"...","Black":"...","Result":"1-0"},
//		 "start_fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
//		 "moves":[{"iccs":"H2-E2","wxf":"C2.5","chinese":"炮二平五","platform":"炮二3-五3","capture":false,"check":false}],
//		 "plies":1,"end_fen":"...","result":"1-0","status":"ok",
//		 "errors":[],"warnings":[],"notes":[],
//		 "ending":{"kind":"none","loser":"","plies":[]},
//		 "ecco":{"code":"A00","opening":"...","variation":"..."}}
//
//	  - source: the file as diagnostics name it (the argument as typed, joined with the path
//	    below a directory argument; "-" for standard input); index: the game's place in its
//	    file, from 1.
//	  - format: the reader's name ("pgn", "xqf", "cbr", "cbl", "cbf", "dhtmlxq", …);
//	    encoding: the text encoding detected or given ("utf-8", "gb18030", "big5", …).
//	  - tags: the header fields, the first value of each name, in file order.
//	  - start_fen, end_fen: the xqbase FEN of the start and of the end of the main line as far
//	    as it replays; moves: the main line, each move in the four notations; plies: its length.
//	  - result: the Result as recorded; status: "ok" (no error) or "invalid".
//	  - errors, warnings, notes: the diagnostics of each level, each
//	    {"kind","message","ply","line","col","offset","token"} with unknown fields omitted;
//	    kind is the diagnostic's stable code (`qipu rules` lists them).
//	  - ending: how the main line ends as the board judges it: kind is one of none, checkmate,
//	    stalemate, perpetual-check, mutual-perpetual-check, perpetual-chase, repetition,
//	    natural-limit; loser "red", "black" or "" when no side loses; plies the plies the
//	    verdict rests on.
//	  - ecco: the opening classification, absent when the game was not classified.
//
// A file that yields no game, or an error of the file itself, has an entry with "index":0
// (AppendFile).
package jsonl
