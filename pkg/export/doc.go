// Package export turns replayed games into training data for machine learning: one row per
// ply of each game's main line (the position before the move, the move, the result and what
// it means for the side to move, the plies left), written as Parquet, CSV or JSON Lines, in
// one file or one file per split (train, validation, test …), with a manifest.
//
// Rows are made in two stages so that a worker pool can make them and one goroutine write
// them in input order: AppendRows makes a game's rows (safe for concurrent use, one
// allocation per game), and a Writer writes them:
//
//	w, err := export.NewWriter(dir, export.Parquet, splits, export.WriterOptions{})
//	for each game g in input order:
//		rows, skip := export.AppendRows(rows[:0], g, opts)
//		if skip.Reason != "" { w.Skip(g.Source, g.Index, skip) } else { w.Add(rows) }
//	err = w.Close(export.ManifestInfo{Version: v, Command: os.Args})
//
// The columns (Columns): game_id (GameID: a hash of the start position and the main line,
// so a game has one id whatever file it came from), source, index, ply (0 for the first
// move), fen (before the move, xqbase FEN), side (w or b), move (UCCI, e.g. h2e2), result
// (1-0, 0-1, 1/2-1/2 or *), score (the result from the mover's side: 1, 0.5, 0, or null when
// unknown) and plies_left; with an engine's evaluations (Options.Evals, WriterOptions.Evals)
// also EvalColumns: score_cp, mate and best. A game goes to one split by its id (SplitOf), so that copies of
// a game never straddle two splits and the same archive always splits the same way.
//
// manifest.json records the format, the columns, how game_id is made, the games and rows
// of each split and file, the skipped games (counted by reason, the first
// WriterOptions.MaxListedSkips listed), qipu's version and the command line.
package export
