package handfoot

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family/famtest"
	"github.com/cardrules/cardrules/meld"
)

// A State survives Position and JSON round trips at every step of random
// games under both rule sets, in every phase.
func TestPositionRoundTrip(t *testing.T) {
	for _, rules := range []Rules{RulesA(), RulesB(), withChoice(RulesB())} {
		s, err := New(rules, 5)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, 5))
		phases := map[Phase]bool{}
		for step := 0; !s.Over() && step < 3000; step++ {
			phases[s.Phase()] = true
			back, err := FromPosition(s.Position())
			if err != nil {
				t.Fatalf("rules %s step %d phase %v: FromPosition(Position()) = %v", rules.Name, step, s.Phase(), err)
			}
			if !back.Equal(s) {
				t.Fatalf("rules %s step %d phase %v: round trip is not Equal", rules.Name, step, s.Phase())
			}
			if step%50 == 0 {
				data, err := json.Marshal(s)
				if err != nil {
					t.Fatal(err)
				}
				var fromJSON State
				if err := json.Unmarshal(data, &fromJSON); err != nil {
					t.Fatalf("step %d: json round trip: %v\n%s", step, err, data)
				}
				if !fromJSON.Equal(s) {
					t.Fatalf("step %d: JSON round trip is not Equal", step)
				}
			}
			legal := Legal(s)
			if s, err = Apply(s, legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		for _, p := range []Phase{Drawing, Melding, RoundOver} {
			if !phases[p] {
				t.Errorf("rules %s: the walk never reached %v", rules.Name, p)
			}
		}
	}
}

// withChoice returns r with the choice of packets made after a look at
// both (LookAtPackets), a house rule, under a name no preset has, so that
// JSON writes the rules whole.
func withChoice(r Rules) Rules {
	r.ChoosePacket, r.LookAtPackets = true, true
	r.Name = "B with choice"
	return r
}

// FromPosition rejects what is not a position, naming the problem, and
// never returns a broken State.
func TestFromPositionRejects(t *testing.T) {
	s, err := New(RulesA(), 3)
	if err != nil {
		t.Fatal(err)
	}
	s, _ = Apply(s, Draw())
	good := s.Position()
	seven := card.MustParse("7H")
	tests := []struct {
		name   string
		change func(p *Position)
	}{
		{"bad rules", func(p *Position) { p.Rules.Players = 1 }},
		{"seat count", func(p *Position) { p.Seats = p.Seats[:3] }},
		{"turn out of range", func(p *Position) { p.Turn = 4 }},
		{"extra card", func(p *Position) { _ = p.Seats[0].Hand.Add(seven) }},
		{"missing card", func(p *Position) { p.Stock = p.Stock[1:] }},
		{"a card in two places", func(p *Position) { p.Stock[0] = p.Stock[1] }},
		{"illegal meld", func(p *Position) {
			p.Melds = []TeamMeld{{Team: 0, Meld: famtest.MustMeld("2C 2D 7H")}}
		}},
		{"meld of no team", func(p *Position) { p.Melds = []TeamMeld{{Team: 5, Meld: famtest.MustMeld("7C 7D 7H")}} }},
		{"a mid-turn phase", func(p *Position) { p.Phase = Opening }},
		{"answering", func(p *Position) { p.Phase = Answering }},
		{"phase", func(p *Position) { p.Phase = 0 }},
		{"totals", func(p *Position) { p.Totals = nil }},
		{"totals that are not the results'", func(p *Position) { p.Totals = []int{100, 0} }},
		{"foot picked up but on the table", func(p *Position) { p.Seats[1].InFoot = true }},
		{"no foot on the table, none picked up", func(p *Position) {
			p.Stock = append(p.Stock, p.Seats[1].Foot.AppendCards(nil)...)
			p.Seats[1].Foot = card.Multiset{}
		}},
		{"an empty hand", func(p *Position) {
			p.Stock = append(p.Stock, p.Seats[2].Hand.AppendCards(nil)...)
			p.Seats[2].Hand = card.Multiset{}
		}},
		{"laid with nothing melded", func(p *Position) { p.LaidThisTurn = 1000 }},
		{"an action Apply refuses", func(p *Position) { p.Actions = []Action{Draw()} }},
		{"draws that do not choose First", func(p *Position) { p.First = (p.First + 1) % 4 }},
		{"an invalid draw", func(p *Position) { p.Draws = append([]card.Card{200}, p.Draws[1:]...) }},
		{"WentOut while playing", func(p *Position) { p.WentOut = 99 }},
		{"Seq out of range", func(p *Position) { p.Seq = -1 }},
		{"down with no melds", func(p *Position) { p.Down[1] = true }},
	}
	for _, tt := range tests {
		p := s.Position()
		// Positions share no memory with the State: copy slices we edit.
		p.Stock = append([]card.Card(nil), p.Stock...)
		p.Seats = append([]SeatPosition(nil), p.Seats...)
		p.Draws = append([]card.Card(nil), p.Draws...)
		p.Down = append([]bool(nil), p.Down...)
		tt.change(&p)
		got, err := FromPosition(p)
		if why := errShape(err, ErrPosition); why != "" {
			t.Errorf("%s: FromPosition = %v, want an error wrapping ErrPosition: %s", tt.name, err, why)
		}
		if got.r != nil {
			t.Errorf("%s: FromPosition returned a State with an error", tt.name)
		}
	}
	if _, err := FromPosition(good); err != nil {
		t.Fatalf("the unchanged position: %v", err)
	}
}

// A position whose meld breaks a meld rule is refused with ErrPosition, on
// one line with the prefix once, and the meld package's error inside.
func TestFromPositionBadMeldError(t *testing.T) {
	s, err := New(RulesA(), 3)
	if err != nil {
		t.Fatal(err)
	}
	p := s.Position()
	bad, err := meld.Collect(card.MustParseCards("7H 2C 2S"))
	if err != nil {
		t.Fatal(err)
	}
	p.Melds = append(p.Melds, TeamMeld{Team: 0, Meld: bad})
	_, err = FromPosition(p)
	var me *meld.Error
	if !errors.Is(err, ErrPosition) || !errors.As(err, &me) || !errors.Is(err, meld.ErrTooFewNaturals) && !errors.Is(err, meld.ErrWildRatio) {
		t.Fatalf("FromPosition with a meld of one natural and two wild cards: %v", err)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "handfoot: not a valid position: meld ") || strings.Contains(msg, "meld: ") || strings.Contains(msg, "\n") {
		t.Errorf("message %q: want one line, the package prefix once", msg)
	}

	var ph Phase
	err = ph.UnmarshalText([]byte("dancing\n" + strings.Repeat("x", 1000)))
	if !errors.Is(err, ErrPosition) || strings.Contains(err.Error(), "\n") || len(err.Error()) > 200 || ph != 0 {
		t.Errorf("Phase.UnmarshalText of a long bad text: %v (phase %v)", err, ph)
	}
	if _, err := Phase(99).MarshalText(); !errors.Is(err, ErrPosition) {
		t.Errorf("Phase(99).MarshalText: %v", err)
	}
}

// Forged scores are refused: every finished round's points are its
// breakdown's total, its lines the scoring's own items in order and in
// range, its totals the sum of the rounds, and the game is over exactly
// when its end is reached.
func TestFromPositionRejectsForgedResults(t *testing.T) {
	good := scPos(t, RulesA()).seat(0, "4C 5C", scFoot).totals(300, -20).round(3).position()
	if _, err := FromPosition(good); err != nil {
		t.Fatalf("the unchanged position: %v", err)
	}
	tests := []struct {
		name   string
		change func(p *Position)
		says   string
	}{
		{"points not the breakdown's total", func(p *Position) { p.Results[0].Teams[0].Points = 1 }, "breakdown's total"},
		{"totals not the sum", func(p *Position) { p.Results[1].Teams[1].Total = 5 }, "sum of the rounds"},
		{"huge line", func(p *Position) {
			p.Results[0].Teams[0].Breakdown[0].Points = math.MaxInt
			p.Results[0].Teams[0].Points = math.MaxInt
		}, "out of range"},
		{"megabyte item", func(p *Position) {
			p.Results[0].Teams[0].Breakdown[0].Item = strings.Repeat("x", 1<<20)
		}, "not an item of the score"},
		{"an item twice", func(p *Position) {
			b := &p.Results[0].Teams[0].Breakdown
			*b = append(*b, (*b)[0])
		}, "out of order"},
		{"team 5", func(p *Position) { p.Results[0].Teams[0].Team = 5 }, "breakdown's total"},
		{"went out seat 99", func(p *Position) { p.Results[0].WentOut = 99 }, "WentOut"},
		{"a round missing", func(p *Position) { p.Results = p.Results[:1] }, "every finished round"},
		{"round numbers", func(p *Position) { p.Results[1].Number = 7 }, "is not round 2"},
		{"game over too soon", func(p *Position) { p.Phase = GameOver }, ""},
	}
	for _, tt := range tests {
		p := good
		p.Results = nil
		for _, res := range good.Results {
			p.Results = append(p.Results, res.clone())
		}
		tt.change(&p)
		_, err := FromPosition(p)
		if why := errShape(err, ErrPosition); why != "" || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("%s: FromPosition = %v, want ErrPosition saying %q: %s", tt.name, err, tt.says, why)
		}
		if len(err.Error()) > 300 {
			t.Errorf("%s: a %d-byte message", tt.name, len(err.Error()))
		}
	}
}
