package game

import "testing"

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
