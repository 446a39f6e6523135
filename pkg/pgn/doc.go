// Package pgn reads and writes Xiangqi PGN, the text format of the xqbase specification as
// real archives write it (ElephantEye and XQWizard, cchess, wukong-xiangqi, WinBoard, …).
//
// Reading has two layers, after pgn-reader's design:
//
//   - Reader tokenizes a UTF-8 text one game at a time from a bufio.Reader and reports
//     events to a Visitor (tags, move texts, comments, NAGs, variations, result, syntax
//     errors), each with its line, column (in characters) and byte offset. It never checks
//     legality and recovers per game: after an error it goes on, and a new game starts at the
//     next tag block. Memory holds one token at a time. Decoding GBK, Big5 or UTF-16 to UTF-8
//     is done before, by package textenc.
//   - Replayer is the Visitor that turns each game into a *game.Game with game.Builder: moves
//     are resolved against the board in the notation of the Format tag (anynotation.Resolve,
//     which detects the notation of each move when the tag is missing or wrong), variations
//     start from the position before the move they replace, and every problem becomes a
//     positioned diagnostic. Decode wires the two for the pipeline.
//
// Encode writes a game back as canonical Xiangqi PGN in any of the four notations, formatting
// every move from the board, with lines (comments too) wrapped to 80 columns; its output reads
// back to the same game and is a fixed point of writing. An invalid game is written as far as
// it was replayed, with a {qipu: game ends here: …} comment where it stops and the result "*"
// (WriteOptions.KeepResult keeps the original).
package pgn
