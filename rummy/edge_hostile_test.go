package rummy

import (
	"testing"

	"github.com/cardrules/cardrules/card"
)

// Positions at the edges FromPosition accepts play to the end under
// several policies, with every check of the harness (see hostilePlayOut): a
// hand that goes out at once by melding or by a lay-off, one card a hand,
// the stock and pile used up with no rebuild left, six seats with groups
// of four and a run of thirteen on the table, the last turn a round may
// have, the pile's card alone in the hand without KeepTaken, totals next
// to the target, and a round over with rounds to come.
func TestHostileEdgePositions(t *testing.T) {
	free := Basic()
	free.KeepTaken = false
	limited := Basic()
	limited.Rebuilds = 3
	six := Basic()
	six.Players, six.HandSize, six.Rebuilds = 6, 1, 0
	multi := Basic()
	multi.Rounds, multi.Target = 0, 1000
	cases := map[string]Position{
		"meld out": hp(t, Basic(), Playing, 0, []string{"AC 2C 3C KH", twoHands[1]}, nil, "AH", ""),
		"lay off out": func() Position {
			p := hp(t, Basic(), Playing, 1, []string{"5C 6C 7C", "4C 9H"}, []TableMeld{tm(t, 0, "AC 2C 3C")}, "AH", "")
			p.Taken, p.Known[1] = card.MustParse("4C"), card.MustParseCards("4C")
			return p
		}(),
		"one card each": func() Position {
			p := hp(t, Basic(), Drawing, 1, []string{"AC", "2C"}, []TableMeld{tm(t, 0, "3C 4C 5C 6C 7C 8C 9C TC JC QC KC"), tm(t, 1, "AD AH AS")}, "2D", "")
			p.Rebuilds, p.Turns = 3, 3
			return p
		}(),
		"six seats": hp(t, six, Drawing, 5, []string{"2C", "2D", "2H", "2S", "3C", "3D"},
			[]TableMeld{tm(t, 0, "AC AD AH AS"), tm(t, 1, "KC KD KH KS"), tm(t, 2, "3H 4H 5H 6H 7H 8H 9H TH JH QH")}, "3S", "4C"),
		"no rebuild left": func() Position {
			p := hp(t, limited, Playing, 0, []string{"AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC", twoHands[1]}, nil, "AH", "")
			p.Hands[1] = append(p.Hands[1], p.Stock...)
			p.Stock, p.Rebuilds, p.Turns = nil, 3, 3
			return p
		}(),
		"last turn": func() Position {
			p := hp(t, Basic(), Playing, 1, []string{"AC 2C 3C 4C 5C 6C 7C 8C 9C TC", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD"}, nil, "AH", "")
			p.Turns = MaxTurns - 1
			return p
		}(),
		"taken alone": func() Position {
			p := hp(t, free, Playing, 0, []string{"9H", twoHands[1]}, []TableMeld{tm(t, 0, "AC 2C 3C 4C 5C 6C 7C 8C 9C TC")}, "", "")
			p.Taken, p.Known[0] = card.MustParse("9H"), card.MustParseCards("9H")
			return p
		}(),
	}
	// Totals next to the target, and a round over with more to come: from
	// play.
	three := Basic()
	three.Rounds = 3
	for name, r := range map[string]Rules{"near the target": multi, "round over": three} {
		s, err := New(r, 3)
		if err != nil {
			t.Fatal(err)
		}
		for s.Phase() != RoundOver && !s.Over() {
			s, _ = Apply(s, Legal(s)[0])
		}
		p := s.Position()
		if name == "near the target" {
			// The target one point above the best total: a round that
			// scores a point for the leader ends the game.
			p.Rules.Target = max(p.Results[0].Players[0].Total, p.Results[0].Players[1].Total) + 1
		}
		cases[name] = p
	}
	for name, p := range cases {
		t.Run(name, func(t *testing.T) {
			s, err := FromPosition(p)
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			hostilePlayOut(t, s)
		})
	}
}
