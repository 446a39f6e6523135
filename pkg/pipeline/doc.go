// Package pipeline is qipu's batch engine, the library behind the commands that take PATHs:
// give it a Config, which holds the paths (files, directories, "-" for standard input), the
// options every command shares and one command's own options (ConvertOptions, CheckOptions,
// DedupeOptions, StatsOptions, ExportOptions or AnalyzeOptions), and it reads every
// game-record file under them through package record (one way of recognizing and decoding
// files, shared with library users), replays every game, and writes the converted games
// (Xiangqi PGN in any notation, JSON Lines, XQF, DhtmlXQ), the diagnostics, a per-game report and a
// summary — in input order, so that the output is byte-identical for any number of workers —
// and returns the exit code of the command-line contract.
//
// Directories are walked in sorted order; hidden directories and qipu's own temporary files
// are left out; files of no known format are skipped and counted. Memory is bounded by the
// number of workers, not by the size of the archive: at most a fixed window of files is in
// flight, and the output of each file travels to the ordered writer in bounded chunks (a file
// that is not yet at the head of the queue waits once its chunks are full). A PGN file
// streams game by game.
//
// Outputs are written to temporary files in their target directory and renamed into place
// once complete; inputs are never written; a cancelled context stops the run cleanly (exit
// code 130) and leaves no partial file behind.
//
// What differs between the commands and between the outputs is said once, as values:
// commands.go holds a value per command (whether it converts, writes in an output directory
// or reads in passes, the check of its options, its stages); stage.go the per-game features
// as stages (what each does per game, at the end of a file, in the ordered writer and at the
// end of the run); package writer a value per convert output (extension, one file per game or
// not, Append with its options and warnings), which config.go's targets name.
//
// The files follow a run:
//   - options.go: Config, the shared options and each command's own; the settings hold the
//     command's struct, which its code reads. config.go: the names on the command line and
//     the validation. checks.go: the per-game checks built from their flags.
//   - run.go: Run, the workers, the ordered writer and the exit code. memlimit.go: the memory
//     a run aims at, the output the files behind the head may hold, the decoding of large
//     inputs (internal/headsem).
//   - inputs.go, shard.go (--shard) and internal/discover: the input files, their sources and
//     their places under an output directory. found.go: arguments that yield no game file.
//     notgame.go: a file its name alone sent to a reader.
//   - file.go: one file read, replayed and handed on in batches. input.go: read errors in
//     messages. diagorder.go: a file's own diagnostics in line order.
//   - convert.go, notation.go: a game through its writer (the notation of PGN output), the
//     writer's warnings. writer.go: the ordered writer, one order slot per input. output.go
//     and internal/fsio: where output goes, written under a temporary name and renamed
//     whole. split.go and internal/groupfile: convert --split-by.
//   - The stages: ci.go (check's selection of codes, baselines and CI outputs; package
//     ciformat), export.go (qipu export), analyze.go (qipu analyze's engines), cleanup.go,
//     dedupe.go and stats.go (below). summary.go and internal/tally: the counts and the
//     summary. JSON Lines are written by package jsonl.
//
// The cleanup commands run on the same engine (cleanup.go): Dedupe reads the inputs twice into
// a package dedupe index (summaries, then prefixes; dedupe.go) and writes its groups; Stats
// feeds a package stats collector (stats.go); Convert and Export with Dedupe run the
// dedupe analysis, then convert or export only the games kept. Their per-game descriptions
// reach the index or the collector through the ordered writer, so their results too are the
// same for any number of workers. Config.Repair reads every game with the repairs of its start
// position.
package pipeline
