package ciformat

import (
	"strings"

	"github.com/qipu/qipu/pkg/game"
)

// RulesMarkdown returns the table of every diagnostic code (game.Rules) as Markdown, as the
// README shows it: code, level, documentation.
func RulesMarkdown() string {
	var b strings.Builder
	b.WriteString("| code | level | meaning |\n|---|---|---|\n")
	for _, r := range game.Rules() {
		b.WriteString("| `" + string(r.Code) + "` | " + r.Level.String() + " | " +
			strings.ReplaceAll(r.Doc, "|", `\|`) + " |\n")
	}
	return b.String()
}
