package famtest

import (
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/score"
)

// ts is team's score of a round: points on one line, total after it.
func ts(team, points, total int) score.TeamScore {
	return score.TeamScore{Team: team, Breakdown: score.Breakdown{{Item: "melded", Points: points}}, Points: points, Total: total}
}

// Scores.Check accepts a consistent score and catches each way a game's
// accessors could disagree with it.
func TestScoresCheck(t *testing.T) {
	// Round 2 is over: round 1 scored 10 and 20, round 2 scores 5 and -5;
	// seat 1 went out of round 2.
	good := func() Scores {
		return Scores{
			Round: 2, Over: true, Teams: 2, Players: 4,
			Results: []family.Result{
				{Number: 1, WentOut: 0, Teams: []score.TeamScore{ts(0, 10, 10), ts(1, 20, 20)}},
				{Number: 2, WentOut: 1, Teams: []score.TeamScore{ts(0, 5, 15), ts(1, -5, 15)}},
			},
			Score:  []score.TeamScore{ts(0, 5, 15), ts(1, -5, 15)},
			Totals: []int{15, 15},
			Items:  []string{"melded"},
		}
	}
	points := func(team, wentOut int) int {
		if wentOut != 1 {
			t.Errorf("wentOut %d, want 1", wentOut)
		}
		return []int{5, -5}[team]
	}
	if err := good().Check(points); err != nil {
		t.Fatalf("a consistent score: %v", err)
	}
	bad := map[string]func(sc *Scores){
		"points not the cards'": func(sc *Scores) { sc.Score[0], sc.Results[1].Teams[0] = ts(0, 6, 16), ts(0, 6, 16); sc.Totals[0] = 16 },
		"score not the result":  func(sc *Scores) { sc.Score[1] = ts(1, -5, 14) },
		"totals":                func(sc *Scores) { sc.Totals[1] = 14 },
		"a result missing":      func(sc *Scores) { sc.Over = false },
		"a team's score missing": func(sc *Scores) {
			sc.Score = sc.Score[:1]
		},
		"an unknown line":      func(sc *Scores) { sc.Items = []string{"held"} },
		"a total not the sum":  func(sc *Scores) { sc.Results[0].Teams[1].Total = 21 },
		"went out of no seat":  func(sc *Scores) { sc.Results[0].WentOut = 4 },
		"points not the lines": func(sc *Scores) { sc.Score[0].Points = 4 },
	}
	for name, change := range bad {
		sc := good()
		change(&sc)
		if err := sc.Check(func(team, _ int) int { return []int{5, -5}[team] }); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// CheckWinners wants exactly the teams with the best total.
func TestCheckWinners(t *testing.T) {
	if err := CheckWinners([]int{0, 2}, []int{30, 10, 30}); err != nil {
		t.Error(err)
	}
	for _, w := range [][]int{nil, {0}, {1}, {2, 0}, {0, 1, 2}} {
		if CheckWinners(w, []int{30, 10, 30}) == nil {
			t.Errorf("winners %v of totals 30 10 30 accepted", w)
		}
	}
}

// CheckShownLegal wants Legal shown to the seat to act, nothing to others.
func TestCheckShownLegal(t *testing.T) {
	legal := func() []int { return []int{1, 2} }
	for _, c := range []struct {
		seat, toAct int
		shown       []int
		ok          bool
	}{{0, 0, []int{1, 2}, true}, {1, 0, nil, true}, {0, 0, []int{1}, false}, {0, 0, nil, false}, {1, 0, []int{1, 2}, false}} {
		if err := CheckShownLegal(c.seat, c.toAct, c.shown, legal); (err == nil) != c.ok {
			t.Errorf("seat %d, to act %d, shown %v: %v", c.seat, c.toAct, c.shown, err)
		}
	}
}

// LegalKey orders discards by card and answers yes first, and meld steps
// by the natural cards, twos and jokers they lay.
func TestLegalKey(t *testing.T) {
	less := func(a, b family.Action) bool {
		ka, kb := LegalKey(a, 5), LegalKey(b, 5)
		for i := range ka {
			if ka[i] != kb[i] {
				return ka[i] < kb[i]
			}
		}
		return false
	}
	c7, c8 := card.MustParse("7C"), card.MustParse("8C")
	yes, no := family.Action{Kind: family.Answer, Target: 1}, family.Action{Kind: family.Answer}
	if !less(family.Action{Kind: family.Discard, Card: c7}, family.Action{Kind: family.Discard, Card: c8}) || !less(yes, no) || less(no, yes) {
		t.Error("discards not by card, or answers not yes first")
	}
	if k := LegalKey(family.Action{Kind: family.Meld, Rank: card.Seven, Nat: [4]uint8{1, 1, 1, 0}, Jokers: 1}, 6); k[2] != 3 || k[3] != 0 || k[4] != 1 || len(k) != 6 {
		t.Errorf("the key of a meld of three sevens and a joker: %v", k)
	}
}
