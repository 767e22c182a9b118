package meld_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// Text decoding echoes bad input only quoted and capped: a huge input makes
// a short message, and a line break in input never reaches it raw.
func TestUnmarshalTextHugeOrMultiLine(t *testing.T) {
	huge := strings.Repeat("Z", 1<<20)           // a megabyte: far past any bound on what an error quotes
	hugeCards := strings.Repeat("2C JK ", 1<<17) // parses, but is no meld
	decoders := map[string]func([]byte) error{
		"RankMeld":    new(meld.RankMeld).UnmarshalText,
		"Combination": new(meld.Combination).UnmarshalText,
		"RankSet":     new(meld.RankSet).UnmarshalText,
	}
	for name, decode := range decoders {
		for _, in := range []string{huge, "7H " + huge, hugeCards, "7H\n8Z", "A\nQ\r\n1", huge + "\n" + huge} {
			err := decode([]byte(in))
			if err == nil {
				t.Errorf("%s.UnmarshalText(%.20q) succeeded", name, in)
				continue
			}
			if msg := err.Error(); len(msg) > 300 || strings.ContainsAny(msg, "\r\n") {
				t.Errorf("%s.UnmarshalText(%.20q) error is %d bytes or has a line break: %.300q", name, in, len(msg), msg)
			}
			var me *meld.Error
			if !errors.Is(err, card.ErrSyntax) && !errors.As(err, &me) {
				t.Errorf("%s.UnmarshalText(%.20q) error %v is neither a card notation error nor a *meld.Error", name, in, err)
			}
		}
	}
}
