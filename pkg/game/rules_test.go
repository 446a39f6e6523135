package game

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestRulesCoverKinds(t *testing.T) {
	for _, k := range []Kind{KindSyntax, KindIllegal, KindAmbiguous, KindEncoding, KindTruncated, KindSetup, KindIO,
		KindNotation, KindSide, KindRepaired, KindResult} {
		r, ok := RuleFor(k)
		if !ok || r.Doc == "" {
			t.Errorf("rule %q: %+v, %v", k, r, ok)
		}
	}
	rs := Rules()
	for i := 1; i < len(rs); i++ {
		if rs[i-1].Code >= rs[i].Code {
			t.Errorf("rules not sorted or duplicated at %q, %q", rs[i-1].Code, rs[i].Code)
		}
	}
}

func TestRegisterRuleTwicePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("registering an existing code did not panic")
		}
	}()
	RegisterRule(Rule{Code: KindSyntax, Level: LevelError, Doc: "again"})
}

// TestReaderError: a reader's sentinel keeps its message and is its kind for errors.Is.
func TestReaderError(t *testing.T) {
	err := ReaderError("truncated XQF file", ErrTruncated)
	if err.Error() != "truncated XQF file" || !errors.Is(err, ErrTruncated) || errors.Is(err, ErrSyntax) {
		t.Errorf("%v", err)
	}
	if wrapped := fmt.Errorf("at 12: %w", err); !errors.Is(wrapped, ErrTruncated) || !errors.Is(wrapped, err) {
		t.Errorf("wrapped: %v", wrapped)
	}
}

func TestParseCodes(t *testing.T) {
	codes, err := ParseCodes(" illegal, notation ,,")
	if err != nil || len(codes) != 2 || codes[0] != KindIllegal || codes[1] != KindNotation {
		t.Errorf("ParseCodes = %v, %v", codes, err)
	}
	if _, err := ParseCodes("illegal,bogus"); !errors.Is(err, ErrUnknownCode) || !strings.Contains(err.Error(), `"bogus"`) {
		t.Errorf("ParseCodes(bogus) error %v", err)
	}
	if codes, err := ParseCodes(""); err != nil || codes != nil {
		t.Errorf("ParseCodes(\"\") = %v, %v", codes, err)
	}
}
