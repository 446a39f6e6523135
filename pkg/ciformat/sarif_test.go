package ciformat

import "testing"

func TestSARIFVersion(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{Version: "v1.2.3", SemanticVersion: "1.2.3"}, "1.2.3"},
		{Options{Version: "v0.0.0-20261203092959-3502645ebde3+dirty (revision 3502645ebde3+modified, 2026-12-03T09:29:59Z)"}, "0.0.0-20261203092959-3502645ebde3+dirty"},
		{Options{Version: "(devel) (revision 3502645ebde3)", SemanticVersion: "0.0.0-devel+3502645ebde3"}, "0.0.0-devel+3502645ebde3"},
		{Options{}, ""},
	} {
		if got := sarifVersion(tc.o); got != tc.want {
			t.Errorf("sarifVersion(%+v) = %q, want %q", tc.o, got, tc.want)
		}
	}
}
