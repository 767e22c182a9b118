package family_test

import (
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
)

// BenchmarkCanGoOut decides going out for rule set A's policy: a question
// the bound on canastas answers, and three the programs answer.
func BenchmarkCanGoOut(b *testing.B) {
	for _, tc := range []struct {
		name  string
		need  family.Canastas
		hand  string
		melds []string
	}{
		{"pruned", family.Canastas{Clean: 2, Dirty: 2}, "7S 7H 9C 9D 9H QC QD 2S JK 4C 5D", []string{"7C 7D 7H 7S 7C", "KC KD KH KS 2C 2D JK", "AC AD AH"}},
		{"foot11", family.Canastas{Clean: 1, Dirty: 1}, "7S 7H 9C 9D 9H QC QD 2S JK 4C 5D", []string{"7C 7D 7H 7S 7C", "KC KD KH KS 2C 2D JK", "AC AD AH"}},
		{"foot5", family.Canastas{Clean: 1, Dirty: 1}, "7S 7H 9C 2S 4C", []string{"7C 7D 7H 7S 7C", "KC KD KH KS 2C 2D JK", "9C 9D 9H"}},
		{"out", family.Canastas{Clean: 1, Dirty: 1}, "7S 7H 9C 2S 9S", []string{"7C 7D 7H 7S 7C", "KC KD KH KS 2C 2D JK", "9C 9D 9H"}},
	} {
		c := outConfig(false, tc.need, 0)
		tb := outTable(b, c, true, tc.hand, tc.melds...)
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				tb.CanGoOut(c)
			}
		})
	}
}

// playedOut is a position met in a random game, as CanGoOut sees it.
type playedOut struct {
	c *family.Config
	t family.Table
}

// playedTable is the table of a game in its melding phase, as the engine
// holds it for the question: the seat whose turn it is, the final seats,
// the teams' melds and whether each is down, and the points laid this
// turn. Melds are listed team by team.
func playedTable(turn, teams, final int, hand card.Multiset, melds func(int) []meld.RankMeld, down func(int) bool, laid int) family.Table {
	var tb family.Table
	tb.Phase, tb.Turn, tb.ToAct, tb.Final = family.Melding, uint8(turn), uint8(turn), uint8(final)
	tb.Hands[turn], tb.Laid = hand, laid
	for team := range teams {
		if down(team) {
			tb.Down |= 1 << team
		}
		for _, m := range melds(team) {
			tb.Melds = append(tb.Melds, family.TableMeld{Side: uint8(team), M: m})
		}
	}
	return tb
}

// canastaOuts returns the positions where a random Classic Canasta hand
// asks whether the player may ask to go out: the first melding State of
// each turn after a draw from the stock, up to n of them.
func canastaOuts(b *testing.B, n int) []playedOut {
	r := canasta.Classic()
	var out []playedOut
	buf := make([]canasta.Action, 0, 1024)
	for seed := uint64(1); len(out) < n; seed++ {
		s, err := canasta.New(r, seed)
		if err != nil {
			b.Fatal(err)
		}
		pick := rand.NewPCG(seed, 5)
		for s.Phase() != canasta.RoundOver && !s.Over() && len(out) < n {
			buf = canasta.AppendLegal(buf[:0], s)
			a := buf[pick.Uint64()%uint64(len(buf))]
			if a.Kind() == canasta.KindTakeBack && len(buf) > 1 {
				a = buf[0]
			}
			drew := s.Phase() == canasta.Drawing && a.Kind() == canasta.KindDraw
			if s, err = canasta.Apply(s, a); err != nil {
				b.Fatal(err)
			}
			if !drew || s.Phase() != canasta.Melding {
				continue
			}
			c := &family.Config{
				Pkg: "canasta", Players: r.Players, Sides: r.Teams, Meld: r.Meld, Values: r.Values.Melded,
				DrawCount: r.DrawCount, GoOut: family.Canastas{Dirty: r.GoOut}, AnyCanasta: true,
				AskPartner: r.AskPartner, AskOptional: true, ConcealedOut: true,
				Kinds: family.KindsOf(family.Draw, family.Take, family.Meld, family.Add, family.TakeBack, family.Discard),
			}
			for team := range r.Teams {
				c.Minimums[team] = s.Minimum(team)
			}
			tb := playedTable(s.Turn(), r.Teams, 1<<r.Players-1, s.Hand(s.Turn()), s.Melds, s.Down, s.LaidThisTurn())
			out = append(out, playedOut{c, tb})
		}
	}
	return out
}

// handfootOuts returns the positions where a random Hand and Foot round
// (rule set A) asks the question: a player in its foot, after drawing.
func handfootOuts(b *testing.B, n int) []playedOut {
	r := handfoot.RulesA()
	var out []playedOut
	buf := make([]handfoot.Action, 0, 1024)
	for seed := uint64(1); len(out) < n; seed++ {
		s, err := handfoot.New(r, seed)
		if err != nil {
			b.Fatal(err)
		}
		pick := rand.NewPCG(seed, 5)
		for steps := 0; s.Phase() != handfoot.RoundOver && !s.Over() && len(out) < n && steps < 5000; steps++ {
			buf = handfoot.AppendLegal(buf[:0], s)
			a := buf[pick.Uint64()%uint64(len(buf))]
			if a.Kind() == handfoot.KindTakeBack && len(buf) > 1 {
				a = buf[0]
			}
			drew := s.Phase() == handfoot.Drawing && a.Kind() == handfoot.KindDraw
			if s, err = handfoot.Apply(s, a); err != nil {
				b.Fatal(err)
			}
			if !drew || s.Phase() != handfoot.Melding || !s.InFoot(s.Turn()) {
				continue
			}
			c := &family.Config{
				Pkg: "handfoot", Players: r.Players, Sides: r.Teams, Meld: r.Meld, Values: r.Values.Melded,
				DrawCount: r.DrawCount, SecondMeld: r.SecondMeld, PileOnMeld: r.PileOnMeld,
				GoOut: family.Canastas(r.GoOutCanastas()), AskPartner: r.AskPartner,
				Kinds: family.KindsOf(family.Draw, family.Take, family.Meld, family.Add, family.LayRed, family.TakeBack, family.Discard),
			}
			final := 0
			for seat := range r.Players {
				if s.InFoot(seat) {
					final |= 1 << seat
				}
			}
			for team := range r.Teams {
				c.Minimums[team] = s.Minimum(team)
			}
			tb := playedTable(s.Turn(), r.Teams, final, s.Hand(s.Turn()), s.Melds, s.Down, s.LaidThisTurn())
			out = append(out, playedOut{c, tb})
		}
	}
	return out
}

// BenchmarkCanGoOutPlayed asks CanGoOut of the positions where random
// games ask it: one op is one question, the positions taken in turn.
func BenchmarkCanGoOutPlayed(b *testing.B) {
	for _, g := range []struct {
		name string
		outs func(*testing.B, int) []playedOut
	}{{"canasta", canastaOuts}, {"handfoot", handfootOuts}} {
		b.Run(g.name, func(b *testing.B) {
			outs := g.outs(b, 1000)
			yes, i := 0, 0
			b.ResetTimer()
			for b.Loop() {
				o := &outs[i]
				if o.t.CanGoOut(o.c) {
					yes++
				}
				if i++; i == len(outs) {
					i = 0
				}
			}
			b.ReportMetric(float64(yes)/float64(b.N), "yes/op")
		})
	}
}
