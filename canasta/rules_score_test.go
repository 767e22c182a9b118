package canasta

// Scenario tests of scoring a round and of the end of the game. (See
// rules_test.go.) Every score is checked line by line.

import (
	"fmt"
	"testing"

	"github.com/cardrules/cardrules/card"
)

// scGoesOut is seat 0 of a Classic table going out by discarding its last
// card, 5C, with team 0's natural canasta of nines; b holds the rest of the
// position. It returns the State after the discard.
func scGoesOut(t *testing.T, b *scTable) State {
	t.Helper()
	return scOK(t, b.melding().hand(0, "5C").meld(0, scNines).build(), scDiscard(t, "5C"))
}

// The Classic Canasta text, "Card Values (for scoring)": "Joker: 50 pts; Ace,
// Two: 20 pts each; King, Queen, Jack, 10, 9, 8: 10 pts each; 7, 6, 5, 4: 5
// pts each; Black Three: 5 pts each; Red Three: 100 pts each" (the red threes
// scored apart, as a bonus). The cards melded count for the team, the cards
// left in its players' hands against it.
func TestRuleCardValues(t *testing.T) {
	values := []struct {
		cards  string
		points int
	}{
		{"JK", 50}, {"AC AD AH AS 2C 2D 2H 2S", 20},
		{"KC QD JH 10S 9C 8D", 10}, {"7H 6S 5C 4D", 5}, {"3C 3S", 5}, {"3D 3H", 0},
	}
	for _, v := range values {
		for _, c := range scCards(t, v.cards) {
			scEq(t, c.String()+"'s value", Classic().Values.Melded.Points(c), v.points)
		}
	}
	s := scGoesOut(t, scAt(t, Classic()).hand(1, "JK AC 2D").hand(2, "4S").hand(3, "KH 7C 3S").meld(1, "AC AD AH 2C JK"))
	scScore(t, s.Results()[0].Teams[1], scLines{melded: 130, held: -110}, 20)
	scScore(t, s.Results()[0].Teams[0], scLines{natural: 500, melded: 70, held: -5, out: 100}, 665)
}

// The Classic Canasta text: "The hand score is calculated as: (Points in
// captured cards and bonuses) − (Points remaining in hand)." "Canasta bonuses:
// Natural +500, Mixed +300." "Red threes: +100 each". "Going out: +100 pts". A
// round scored whole, each team's lines adding up to its points; before the
// round ends, Score is the round as it stands with no one out.
func TestRuleRoundScoreBreakdown(t *testing.T) {
	s := scAt(t, Classic()).melding().
		hand(0, "5C").hand(2, "8S 4D").meld(0, "KC KD KH KS KC KD KH", "7C 7D 7H 7S 7C 2C JK", "AC AD AH").reds(0, "3D").
		hand(1, "JK 9C").hand(3, "6C").meld(1, "QC QD QH").reds(1, "3D 3H").
		build()
	scScore(t, s.Score()[0], scLines{natural: 500, mixed: 300, reds: 100, melded: 225, held: -20}, 1105)
	s = scOK(t, s, scDiscard(t, "5C"))
	res := s.Results()
	scEq(t, "rounds", len(res), 1)
	scScore(t, res[0].Teams[0], scLines{natural: 500, mixed: 300, reds: 100, melded: 70 + 95 + 60, held: -15, out: 100}, 1210)
	scScore(t, res[0].Teams[1], scLines{reds: 200, melded: 30, held: -65}, 165)
	scEq(t, "Score is the result", fmt.Sprint(s.Score()), fmt.Sprint(res[0].Teams))
	scEq(t, "totals", fmt.Sprint(s.Totals()), "[1210 165]")
	scEq(t, "a View's totals", s.View(3).Teams[1].Total, 165)
}

// The Classic Canasta text: "Red threes: +100 each (or -100 if no melds were
// made). A +400 bonus is awarded if all four are held." The library's ruling:
// "Red threes +100 each, 800 for all four; -100 each if the partnership has no
// meld." All four against a team with no meld count -800, as Pagat scores them
// (the texts leave it open).
func TestRuleRedThreesScore(t *testing.T) {
	tests := []struct {
		name         string
		reds0, reds1 string
		meld1        bool
		want0, want1 int
	}{
		{"one each", "3D", "3H", true, 100, 100},
		{"two", "3D 3H", "", true, 200, 0},
		{"all four", "3D 3D 3H 3H", "", true, 800, 0},
		{"no meld", "3D", "3D 3H", false, 100, -200},
		{"all four, no meld", "", "3D 3D 3H 3H", false, 0, -800},
		{"all four, a meld", "", "3D 3D 3H 3H", true, 0, 800},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := scAt(t, Classic()).reds(0, tt.reds0).reds(1, tt.reds1).hand(1, "6C").hand(2, "6D").hand(3, "6H")
			melded := 0
			if tt.meld1 {
				b.meld(1, "QC QD QH")
				melded = 30
			}
			res := scGoesOut(t, b).Results()[0]
			scScore(t, res.Teams[0], scLines{natural: 500, reds: tt.want0, melded: 70, held: -5, out: 100}, 665+tt.want0)
			scScore(t, res.Teams[1], scLines{reds: tt.want1, melded: melded, held: -10}, tt.want1+melded-10)
		})
	}
}

// The library's ruling: "partnerships seats 0&2 vs 1&3". Partners meld for one
// team: seat 2 adds to the melds seat 0 laid and goes out with them, and the
// cards left in seat 0's hand count against the team.
func TestRulePartnersShareMelds(t *testing.T) {
	s := scAt(t, Classic()).turn(2).melding().hand(2, "KS 5C").hand(0, "QH 4S").
		meld(0, scNines, "KC KD KH").hand(1, "6C").hand(3, "6D").build()
	s = scOK(t, s, scAdd(t, card.King, "KS"), scDiscard(t, "5C"))
	scWentOut(t, s, 2, false, 100)
	scScore(t, s.Results()[0].Teams[0], scLines{natural: 500, melded: 70 + 40, held: -15, out: 100}, 695)
	scScore(t, s.Results()[0].Teams[1], scLines{held: -10}, -10)
}

// The library's ruling: "Three players (plain): ... each for themselves":
// three scores, each player's own melds and hand.
func TestRuleThreePlayersScoreAlone(t *testing.T) {
	s := scGoesOut(t, scAt(t, ThreePlayer()).hand(1, "6C 7C").meld(1, "QC QD QH").hand(2, "JK").reds(2, "3H"))
	res := s.Results()[0]
	scEq(t, "scores", len(res.Teams), 3)
	scScore(t, res.Teams[0], scLines{natural: 500, melded: 70, out: 100}, 670)
	scScore(t, res.Teams[1], scLines{melded: 30, held: -10}, 20)
	scScore(t, res.Teams[2], scLines{reds: -100, held: -50}, -150)
}

// The Classic Canasta text: "The first meld made by a partnership must meet a
// point threshold based on their cumulative total score". The next round's
// minimums come from the totals after this one, and its first player is the
// next seat.
func TestRuleNextRoundMinimumsFromTotals(t *testing.T) {
	tests := []struct {
		before     [2]int
		after      string
		min0, min1 int
	}{
		{[2]int{1400, -100}, "[2065 -110]", 90, 15},
		{[2]int{2900, 2950}, "[3565 2940]", 120, 90},
		{[2]int{-700, 40}, "[-35 30]", 15, 50},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.before), func(t *testing.T) {
			s := scGoesOut(t, scAt(t, Classic()).totals(tt.before[0], tt.before[1]))
			scEq(t, "totals", fmt.Sprint(s.Totals()), tt.after)
			s = scOK(t, s, Next())
			scEq(t, "round", s.Round(), 3)
			scTurn(t, s, Drawing, 2, 2)
			scEq(t, "minimums", [2]int{s.Minimum(0), s.Minimum(1)}, [2]int{tt.min0, tt.min1})
			scEq(t, "totals", fmt.Sprint(s.Totals()), tt.after)
		})
	}
}

// The library's ruling: "A game is hands until a partnership reaches 5000
// (option)." The game ends after the round in which a team's total reaches
// 5000, the team that went out or not; the highest total wins, and a tie is
// shared.
func TestRuleGameEndsAtTarget(t *testing.T) {
	tests := []struct {
		before  [2]int
		over    bool
		winners string
	}{
		{[2]int{4330, 0}, false, "[]"},
		{[2]int{4335, 0}, true, "[0]"}, // 4335 + 665: exactly 5000
		// Team 1 scores 20 (its kings 30, its black threes -10); before the
		// round neither team has reached 5000, or the game would be over.
		{[2]int{0, 4990}, true, "[1]"}, // team 1 reaches 5000 though team 0 went out
		{[2]int{4335, 4980}, true, "[0 1]"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.before), func(t *testing.T) {
			b := scAt(t, Classic()).totals(tt.before[0], tt.before[1])
			if tt.before[1] > 0 {
				b.meld(1, "KC KD KH")
			}
			s := scGoesOut(t, b)
			scEq(t, "over", s.Over(), tt.over)
			scEq(t, "winners", fmt.Sprint(s.Winners()), tt.winners)
			if !tt.over {
				scTurn(t, s, RoundOver, 0, 2)
				scOK(t, s, Next())
				return
			}
			scTurn(t, s, GameOver, 0, -1)
			scLegal(t, s)
			scNo(t, s, Next(), ErrGameOver)
			scNo(t, s, Draw(), ErrGameOver)
			if ev := s.Happened(0, 0); !ev[len(ev)-1].GameOver {
				t.Errorf("the last event does not end the game")
			}
		})
	}
}

// The three-player preset is plain three-handed Canasta: 13 cards dealt to
// each player, one card drawn and one discarded a turn, each player for
// themselves with a minimum from their own total, and one canasta of their
// own to go out. A round played: seat 0 draws one card and discards; seat
// 1 (its own total 1600: a minimum of 90) draws one card, melds seven aces
// and goes out; each player scores alone.
func TestRuleThreePlayerRound(t *testing.T) {
	s, err := New(ThreePlayer(), 7)
	if err != nil {
		t.Fatal(err)
	}
	for seat := range 3 {
		scEq(t, "cards dealt to seat "+itoa(seat), s.Hand(seat).Len(), 13)
	}
	s = scAt(t, ThreePlayer()).totals(200, 1600, -40).
		hand(0, "8C 9D 5S").hand(1, "AC AD AH AS AC AD 6H").hand(2, "JK 4C").
		stock("6S AH 7C").build()
	scEq(t, "minimums", [3]int{s.Minimum(0), s.Minimum(1), s.Minimum(2)}, [3]int{50, 90, 15})
	stock := s.StockSize()
	s = scOK(t, s, Draw())
	scHand(t, s, 0, "8C 9D 5S 6S")
	scEq(t, "cards drawn", stock-s.StockSize(), 1)
	s = scOK(t, s, scDiscard(t, "5S"))
	scTurn(t, s, Drawing, 1, 1)
	s = scOK(t, s, Draw())
	scHand(t, s, 1, "AC AC AD AD AH AH AS 6H")
	s = scOK(t, s, scMeld(t, "AC AC AD AD AH AH AS"), scDiscard(t, "6H"))
	scWentOut(t, s, 1, true, 200)
	res := s.Results()[1]
	scEq(t, "scores", len(res.Teams), 3)
	scScore(t, res.Teams[0], scLines{held: -25}, 175)
	scScore(t, res.Teams[1], scLines{natural: 500, melded: 140, out: 200}, 2440)
	scScore(t, res.Teams[2], scLines{held: -55}, -95)
}
