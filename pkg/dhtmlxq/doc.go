// Package dhtmlxq reads and writes 东萍 (dpxq.com) DhtmlXQ game records, also called UBB:
// [DhtmlXQ]…[/DhtmlXQ] blocks of [DhtmlXQ_key]value[/DhtmlXQ_key] fields, found in web pages
// (.html, .htm), .ubb and .txt files.
//
// Read yields one game per block, in the order of the text, replayed through game.Builder
// with its variations and comments; Encode writes a game as one block that Decode reads back
// to the same game. Sniff recognizes the format by content.
//
// What this package does, checked against the real files of the test corpus (dpxq.com pages,
// the ccbridge.net "UBB" export, vschess's 1,446-variation opening book) and, for the rest,
// against the public readers vschess (full tree) and cchess (main line):
//
//   - Blocks: "[DhtmlXQ]" (the pages and UBB files), "[DhtmlXQHTML]" (cchess's example) and
//     "[DhtmlXQiFrame]" (vschess's book) open a block; it ends at the closing tag of the same
//     name. Markers are matched in any ASCII case. A block that is not closed ends at the next
//     opening tag of the same name or at the end of the text, with a warning. A page can hold
//     several blocks: each is a game, Index 1, 2, ….
//   - Fields: a value runs to the next "[/DhtmlXQ…]" closing tag, whatever its name: the
//     ccbridge.net export writes [DhtmlXQ_blacktime][/DhtmlXQ_time] (twice, once for the red
//     time) and vschess reads values the same way. Text outside fields is ignored.
//   - Start position: the fen field when present (vschess gives it priority), else binit: 32
//     pairs "xy" in the order RNBAKABNRCCPPPPP / rnbakabnrccppppp, x = 0…8 from Red's left,
//     y = 0…9 from the top (Black's side), "99" = absent; else the standard setup. binit holds
//     no side to move: it is the colour of the piece the first move takes (as both readers),
//     and without moves Red unless only Black to move is legal. Move counters start at 1.
//   - Moves: movelist is the main line, four digits "xyxy" per ply in the same coordinates.
//     move_P_S_B is variation B: its moves replace ply S of branch P (the main line is branch
//     0) and go on from there; its plies are numbered S, S+1, …. A variation may hang from a
//     variation written later in the block; one whose parent does not exist, whose ply lies
//     outside the parent, or whose parents form a cycle is reported. Alternatives at one node
//     keep the order of the text. Blanks and line breaks between digits are skipped.
//   - Comments: commentN is on main-line ply N (comment0 before the first move), commentB_N
//     on ply N of variation B. "||" is a line break (vschess's book writes "||||" for an
//     empty line), \uXXXX escapes are decoded (no real file of the corpus has one), and HTML
//     character references (&amp; &#39; …) are decoded only in web pages (a text with <html,
//     <body, <div or <!DOCTYPE before its first block); no real file has one either.
//   - Tags: known keys take PGN names: title Title, event Event, date Date, place Site, round
//     Round, group Group, table Table, red Red, redteam RedTeam, redname RedName, redrating
//     RedElo, redtime RedTime, black… likewise, ecco ECCO, open Opening, variation Variation,
//     result Result, remark Annotator (评注人员), author Author, judge Judge, record Recorder,
//     timerule TimeControl. Other keys keep their name with its first letter in upper case
//     (generator → Generator, type → Type); init (the viewer's size in pixels) is dropped,
//     and so are empty values. The refer field is kept as written (URL-escaped in vschess's
//     book).
//   - Result: 红胜 红先胜 黑负 → 1-0; 黑胜 红负 红先负 → 0-1; 和 和棋 和局 红和 红先和 → 1/2-1/2;
//     未知 → *. The English pages of dpxq.com write W, L and D, from Red's side (their titles
//     say "Red (W) Black"): read as 1-0, 0-1 and 1/2-1/2. Any other text is a warning and *.
//   - Legality: every move goes to game.Builder, which judges it as it judges every format:
//     an illegal move (or one with a square off the board) is an error at its line:col, and
//     the rest of its line, the variations that hang from it and the alternatives to it are
//     not replayed (see package game). vschess checks nothing: one move of its book
//     (variation 1194, ply 65) leaves Red's general in check, and is reported.
//
// Input: any encoding textenc reads, decoded once at the edge (detection, or
// Config.Encoding). The whole input is read (at most MaxFileSize bytes); a block is small,
// but a page may put its blocks anywhere, and the largest real file is about 550 KB.
// Sniff sees only the prefix it is given: on a page whose head is longer than that, the marker
// is not found there, and the caller falls back on the extension (.html .htm .txt .ubb);
// Read then searches the whole text and reports ErrNoGame when there is no block, and
// ErrNoMarker as well when there is not even a "[DhtmlXQ" marker: a page or a note found by
// its extension alone is then no game file (package record reports it as not a game record,
// and the command counts it as skipped, not unreadable).
//
// Writing: Encode writes UTF-8, fields one per line in the order of the ccbridge.net export
// (tags, result, binit, fen when needed, movelist, variations, comments). Variations are
// numbered in the order written, depth first. A round trip loses what the format cannot hold:
// NAGs, the move counters of the setup, several comments on one move (joined with a line
// break), tags whose name is not ASCII letters, digits and '_' or is a structural key, and
// the Game, FEN and Format tags of PGN. Characters that would change on reading are written
// as \uXXXX: a '[' that would start a tag, a backslash before 'u', a '|' next to another '|'
// or a line break.
package dhtmlxq
