package handfoot

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
)

// errShape reports what is wrong with err as a rejection of rule, or ""
// when it is right: an error of this package (an *errs.Error) whose rule
// is rule, matching rule with errors.Is, reading "handfoot: " exactly once
// and on one line. The message must not quote caller input holding
// "handfoot: " (see errPrefixShape for arbitrary input).
func errShape(err error, rule error) string {
	if why := errPrefixShape(err, rule); why != "" {
		return why
	}
	if n := strings.Count(err.Error(), pkg+": "); n != 1 {
		return "the message names the package " + itoa(n) + " times: " + err.Error()
	}
	return ""
}

// errPrefixShape is errShape for an error that may quote arbitrary input:
// the message starts with "handfoot: " once (not twice in a row).
func errPrefixShape(err error, rule error) string {
	if err == nil {
		return "no error"
	}
	var e *errs.Error
	if !errors.As(err, &e) {
		return "not an *errs.Error"
	}
	if e.Pkg() != pkg {
		return "an error of package " + e.Pkg()
	}
	if rule != nil && (e.Rule() != rule || !errors.Is(err, rule)) {
		return "the rule is " + errText(e.Rule()) + ", not " + rule.Error()
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, pkg+": ") || strings.HasPrefix(msg[len(pkg)+2:], pkg+":") {
		return "the message does not start with \"handfoot: \" exactly once"
	}
	if strings.ContainsAny(msg, "\r\n") {
		return "the message is not one line"
	}
	return ""
}

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// TestErrorsCannotBeAltered: fixed rejections are values shared between
// callers, so a caller must not be able to change the error another caller
// receives. Two rejections of the same kind read the same, and the error
// type has no exported field to write.
func TestErrorsCannotBeAltered(t *testing.T) {
	typ := reflect.TypeOf(errs.Error{})
	for i := range typ.NumField() {
		if f := typ.Field(i); f.IsExported() {
			t.Errorf("errs.Error has the exported field %s", f.Name)
		}
	}
	over := scDo(t, scPos(t, RulesB()).seat(0, "KS 4C", "").seat(1, "QC", "").round(4).
		stockOnly("").pile("6D").phase(Melding).build(), must(Discard(scC("KS"))))
	drawing := scPos(t, RulesB()).seat(0, "7C 7D 7H 4S", "").build()
	for _, tt := range []struct {
		name string
		do   func() error
		rule error
	}{
		{"the zero State", func() error { _, err := Apply(State{}, Draw()); return err }, ErrNotNow},
		{"after the game", func() error { _, err := Apply(over, Draw()); return err }, ErrGameOver},
		{"next mid-round", func() error { _, err := Apply(drawing, Next()); return err }, ErrNotNow},
		{"choose mid-round", func() error { _, err := Apply(drawing, must(Choose(0))); return err }, ErrNotNow},
		{"discard before drawing", func() error { _, err := Apply(drawing, must(Discard(scC("4S")))); return err }, ErrNotNow},
		{"a forged action", func() error { _, err := Apply(drawing, Action{family.Action{Kind: family.Draw, Rank: 5}}); return err }, ErrMalformed},
	} {
		e1, e2 := tt.do(), tt.do()
		if why := errShape(e1, tt.rule); why != "" {
			t.Errorf("%s: %v: %s", tt.name, e1, why)
			continue
		}
		if e2 == nil || e1.Error() != e2.Error() {
			t.Errorf("%s: two rejections read %q and %v", tt.name, e1, e2)
		}
	}
}
