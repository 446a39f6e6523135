package query

import (
	"errors"
	"regexp/syntax"
	"strconv"
	"strings"
	"testing"
)

// mapEnv is an Env of literal values.
type mapEnv struct {
	tags   map[string]string // lower-case names
	fields map[Field]Value
}

func (m mapEnv) Tag(name string) string { return m.tags[strings.ToLower(name)] }
func (m mapEnv) Field(f Field) Value    { return m.fields[f] }
func tags(kv ...string) map[string]string {
	out := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		out[strings.ToLower(kv[i])] = kv[i+1]
	}
	return out
}

var testEnv = mapEnv{
	tags: tags("Red", "胡荣华", "Black", "柳大华", "Event", "全国个人赛 Final", "Date", "1982.05.01",
		"Round", "07", "Result", "1-0", "ECCO", "C45", "Elo", " 2500.5 ", "Quote", `say "hi" \o/`),
	fields: map[Field]Value{
		FieldPlies: IntValue(40), FieldStatus: TextValue("ok"), FieldFormat: TextValue("pgn"),
		FieldEncoding: TextValue("gb18030"), FieldResult: TextValue("0-1"), FieldECCO: TextValue("C46"),
		FieldEnding: TextValue("checkmate"),
	},
}

func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		expr string
		want bool
	}{
		// Every operator on text.
		{`Red == "胡荣华"`, true},
		{`Red == "胡荣"`, false},
		{`Red != "胡荣"`, true},
		{`Red != "胡荣华"`, false},
		{`Red ~ "荣"`, true},
		{`Red ~ "大"`, false},
		{`Red =~ "^胡.华$"`, true},
		{`Red =~ "^荣"`, false},
		{`Event =~ "(?i)final"`, true},
		{`Date < "1982.05.02"`, true},
		{`Date <= "1982.05.01"`, true},
		{`Date > "1982.05.01"`, false},
		{`Date >= "1982"`, true},
		{`Date < "1982.5"`, true}, // text: '0' < '5'
		// Tag names without regard to case.
		{`RED == "胡荣华"`, true},
		{`rEd ~ "胡"`, true},
		// Escapes in strings.
		{`Quote == "say \"hi\" \\o/"`, true},
		{`Quote ~ "\\o/"`, true},
		{`Date =~ "^\d{4}\.\d\d"`, true}, // a backslash before another character stands for itself
		// Numbers compare as numbers when the value reads as one.
		{`Round == 7`, true},
		{`Round == "7"`, false}, // quoted: text
		{`Round == "07"`, true},
		{`Round < 10`, true},
		{`Round > 1`, true},
		{`Round > "1"`, false}, // text: "07" < "1"
		{`Round > 6.5`, true},
		{`Round >= 7.0`, true},
		{`Round != 7`, false},
		{`Elo > 2500`, true}, // spaces around a number are allowed
		{`Elo == 2500.5`, true},
		{`Elo <= -1`, false},
		{`Red < 5`, false}, // not a number: text, "胡…" > "5"
		{`Red > 5`, true},
		// A missing tag is "".
		{`Missing == ""`, true},
		{`Missing != ""`, false},
		{`Missing ~ ""`, true},
		{`Missing < 1`, true}, // text: "" < "1"
		{`Missing == 0`, false},
		{`Missing =~ "^$"`, true},
		// Computed fields, in lower case only.
		{`plies == 40`, true},
		{`plies >= 41`, false},
		{`plies < 40.5`, true},
		{`plies == "40"`, true},
		{`plies ~ "4"`, true},
		{`plies ~ 0`, true},
		{`plies =~ "^4\d$"`, true},
		{`plies > "5"`, false}, // text: "40" < "5"
		{`status == "ok"`, true},
		{`format == "pgn" && encoding == "gb18030"`, true},
		{`result == "0-1"`, true},
		{`Result == "1-0"`, true}, // the tag
		{`ecco == "C46" && ECCO == "C45"`, true},
		{`ending == "checkmate"`, true},
		// Precedence: ! over &&, && over ||.
		{`Red == "x" || Red == "胡荣华" && plies == 40`, true},
		{`Red == "胡荣华" || Red == "x" && plies == 0`, true}, // (a) || (b && c)
		{`(Red == "胡荣华" || Red == "x") && plies == 0`, false},
		{`!Red == "x" && plies == 40`, true},
		{`!(Red == "x" || plies == 40)`, false},
		{`!Red == "胡荣华" || plies == 40`, true},
		{`!!Red == "胡荣华"`, true},
		{`!(!(Red == "胡荣华")) && !(plies < 1)`, true},
		{`Red == "a" || Red == "b" || Red == "胡荣华"`, true},
		{`Red ~ "胡" && Black ~ "柳" && plies > 30 && status != "invalid"`, true},
	} {
		e, err := Parse(tc.expr)
		if err != nil {
			t.Errorf("Parse(%s): %v", tc.expr, err)
			continue
		}
		if got := e.Match(testEnv); got != tc.want {
			t.Errorf("%s: %v, want %v (parsed as %s)", tc.expr, got, tc.want, e)
		}
	}
}

func TestString(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`Red=="x"`, `Red == "x"`},
		{`a==1||b==2&&c==3`, `a == 1 || b == 2 && c == 3`},
		{`(a==1||b==2)&&c==3`, `(a == 1 || b == 2) && c == 3`},
		{`a==1&&(b==2&&c==3)`, `a == 1 && b == 2 && c == 3`}, // flattened
		{`a==1||(b==2||c==3)`, `a == 1 || b == 2 || c == 3`},
		{`!a==1`, `!(a == 1)`},
		{`!(a==1&&b==2)`, `!(a == 1 && b == 2)`},
		{`!!a==1`, `!(!(a == 1))`},
		{`a =~ "\d" && b ~ "\"q\\"`, `a =~ "\\d" && b ~ "\"q\\"`},
		{`plies>=-0.50`, `plies >= -0.50`},
		{"x==\"a\nb\"", "x == \"a\nb\""},
		{"\u3000Red\t==\u3000\"胡\"", `Red == "胡"`}, // full-width spaces are spaces
	} {
		e, err := Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%s): %v", tc.in, err)
			continue
		}
		if got := e.String(); got != tc.want {
			t.Errorf("Parse(%s).String() = %s, want %s", tc.in, got, tc.want)
		}
		e2, err := Parse(e.String())
		if err != nil || !equalNode(e.root, e2.root) {
			t.Errorf("%s does not read back: %v", e, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		expr string
		col  int
		msg  string
	}{
		{``, 1, "expected a tag or field name, '!' or '(', found the end"},
		{`   `, 4, "found the end"},
		{`Red == "x" && plies ==`, 23, "expected a value after '=='"},
		{`Red ==`, 7, "expected a value after '=='"},
		{`Red == x`, 8, "expected a value after '=='"},
		{`Red == (`, 8, "expected a value after '=='"},
		{`Red "x"`, 5, "expected an operator (== != ~ =~ < <= > >=) after 'Red', found string \"x\""},
		{`Red`, 4, "expected an operator"},
		{`Red = "x"`, 5, "unexpected '=' (did you mean '=='?)"},
		{`a == 1 & b == 2`, 8, "unexpected '&' (did you mean '&&'?)"},
		{`a == 1 | b == 2`, 8, "did you mean '||'?"},
		{`a == 1 b == 2`, 8, "unexpected name 'b' after the expression"},
		{`a == 1)`, 7, "unexpected ')' after the expression"},
		{`(a == 1`, 8, "expected ')' to close the '(' at col 1, found the end"},
		{`胡 == "x" && (a == 1`, 20, "to close the '(' at col 13"},
		{`a == "x`, 6, "unterminated string"},
		{`a == "x\"`, 6, "unterminated string"},
		{`a == -x`, 6, "expected a digit after '-'"},
		{`a == 1.`, 8, "expected a digit after '.'"},
		{`a == 1 && #`, 11, "unexpected character '#'"},
		{`胡 =~ "("`, 6, "invalid regular expression"},
		{`&& a == 1`, 1, "expected a tag or field name"},
		{`a == 1 ||`, 10, "found the end"},
		{`!`, 2, "found the end"},
		{`()`, 2, "found ')'"},
		{"a == \xff", 6, "invalid UTF-8"},
		{strings.Repeat("(", MaxDepth+1) + "a == 1" + strings.Repeat(")", MaxDepth+1), MaxDepth + 1, "nested deeper than 100"},
		{strings.Repeat("!", MaxDepth+1) + "a == 1", MaxDepth + 1, "nested deeper than 100"},
	} {
		_, err := Parse(tc.expr)
		var se *SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%q): %v, want a *SyntaxError", tc.expr, err)
			continue
		}
		if se.Col != tc.col || !strings.Contains(se.Error(), tc.msg) {
			t.Errorf("Parse(%q): %q (col %d), want col %d and %q", tc.expr, se.Error(), se.Col, tc.col, tc.msg)
		}
	}
	// The cause of a bad regular expression is there to inspect.
	_, err := Parse(`Red =~ "a{2,1}"`)
	var re *syntax.Error
	if !errors.As(err, &re) || re.Code != syntax.ErrInvalidRepeatSize {
		t.Errorf("Parse of a bad repeat: %v, want a *syntax.Error", err)
	}
	// The example of the documentation.
	if _, err := Parse(`Red ~ "x" && Elo==`); err == nil || err.Error() != "col 19: expected a value after '=='" {
		t.Errorf("got %v", err)
	}
	// Nesting up to the limit is fine, and so is its canonical form.
	for _, deep := range []string{
		strings.Repeat("(", MaxDepth) + "a == 1" + strings.Repeat(")", MaxDepth),
		strings.Repeat("!", MaxDepth) + "a == 1",
		strings.Repeat("!(", MaxDepth) + "a == 1" + strings.Repeat(")", MaxDepth),
		strings.Repeat("!(a == 1 || ", MaxDepth/2) + "a == 1" + strings.Repeat(")", MaxDepth/2),
	} {
		e, err := Parse(deep)
		if err != nil {
			t.Errorf("nesting %d: %v", MaxDepth, err)
			continue
		}
		if _, err := Parse(e.String()); err != nil {
			t.Errorf("the canonical form of %s: %v", deep, err)
		}
	}
}

func TestUses(t *testing.T) {
	e, err := Parse(`Red == "x" || !(ecco ~ "C" && plies > 3)`)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range Fields() {
		want := f == FieldECCO || f == FieldPlies
		if e.Uses(f) != want {
			t.Errorf("Uses(%s) = %v", f, !want)
		}
	}
	if !e.UsesTags() {
		t.Error("UsesTags false")
	}
	e, _ = Parse(`ending == "checkmate"`)
	if e.UsesTags() || !e.Uses(FieldEnding) || e.Uses(FieldECCO) {
		t.Errorf("%s: uses %b", e, e.uses)
	}
	var none *Expr
	if !none.Match(testEnv) || none.Uses(FieldPlies) || none.String() != "" {
		t.Error("a nil Expr must match every game and use nothing")
	}
}

func TestFieldNames(t *testing.T) {
	want := "plies status format encoding result ecco ending"
	var got []string
	for _, f := range Fields() {
		got = append(got, f.String())
		if fieldByName(f.String()) != f {
			t.Errorf("%s does not name itself", f)
		}
	}
	if strings.Join(got, " ") != want {
		t.Errorf("fields %v", got)
	}
	if fieldByName("Plies") != 0 || fieldByName("ECCO") != 0 {
		t.Error("only the lower-case spelling names a field")
	}
	if Field(0).String() != "Field(0)" {
		t.Error(Field(0).String())
	}
}

func TestParseNumber(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
		x  float64
	}{
		{"0", true, 0}, {"-12", true, -12}, {"+3", true, 3}, {" 4.25 ", true, 4.25}, {"007", true, 7},
		{"1234567890123456789", true, 1234567890123456789}, {strings.Repeat("9", 400), true, maxFloat},
		{"", false, 0}, {"-", false, 0}, {"1.", false, 0}, {".5", false, 0}, {"1e5", false, 0},
		{"1.2.3", false, 0}, {"12a", false, 0}, {"0x10", false, 0}, {"1_000", false, 0}, {"Inf", false, 0},
	} {
		x, ok := parseNumber(tc.in)
		if ok != tc.ok || ok && x != tc.x {
			t.Errorf("parseNumber(%q) = %v, %v; want %v, %v", tc.in, x, ok, tc.x, tc.ok)
		}
	}
}

func TestIntText(t *testing.T) {
	for _, n := range []int64{0, 1, 9, 10, 99, 100, 4321, smallInts - 1, smallInts, -1, -20} {
		if got, want := intText(n), strconv.FormatInt(n, 10); got != want {
			t.Errorf("intText(%d) = %q", n, got)
		}
	}
}

// equalNode reports whether two trees are the same expression.
func equalNode(a, b *node) bool {
	if a.kind != b.kind || len(a.kids) != len(b.kids) {
		return false
	}
	for i := range a.kids {
		if !equalNode(a.kids[i], b.kids[i]) {
			return false
		}
	}
	ca, cb := &a.cmp, &b.cmp
	if (ca.re == nil) != (cb.re == nil) || ca.re != nil && ca.re.String() != cb.re.String() {
		return false
	}
	return ca.name == cb.name && ca.field == cb.field && ca.op == cb.op && ca.text == cb.text &&
		ca.isNum == cb.isNum && ca.num == cb.num
}

func FuzzParse(f *testing.F) {
	f.Add(`Red ~ "胡" && (result == "1-0" || plies >= 100) && !(Event =~ "^(?i)blitz")`)
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Col < 1 || se.Col > len(s)+1 {
				t.Fatalf("Parse(%q): bad error %v", s, err)
			}
			return
		}
		out := e.String()
		e2, err := Parse(out)
		if err != nil {
			t.Fatalf("Parse(%q).String() = %q does not parse: %v", s, out, err)
		}
		if !equalNode(e.root, e2.root) || e2.String() != out || e.uses != e2.uses {
			t.Fatalf("Parse(%q) = %q reads back as %q", s, out, e2)
		}
		e.Match(testEnv)
	})
}
