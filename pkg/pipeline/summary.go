package pipeline

import "fmt"

// summary prints the totals: a line on standard error, or for check --format json one JSON
// object on standard output.
func (w *writer) summary() error {
	t := &w.total
	s := w.r.s
	if s.format == CheckJSON {
		b := t.AppendJSON(nil)
		if _, err := w.stdout.Write(b); err != nil {
			return fmt.Errorf("writing standard output: %w", err)
		}
		if err := w.stdout.Flush(); err != nil {
			return fmt.Errorf("writing standard output: %w", err)
		}
		return nil
	}
	_, err := fmt.Fprintln(w.stderr, t.Line(s.cmd.name))
	return err
}
