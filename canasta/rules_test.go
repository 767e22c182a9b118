package canasta

// Rule-by-rule scenario tests of Classic Canasta and its two- and
// three-player variants. Each test names one rule and quotes it: from the
// Classic Canasta rule text the library follows (the classic four-player
// game, after Pagat's rules), from the library's rulings for Canasta (the
// package documentation states each one), or from Pagat's classic rules
// where both are silent. Each builds an exact position (a fixed point with
// scAt, or a shoe order for Deal), applies the accepted actions and checks
// the result card by card, and applies the refused ones, checking the
// sentinel and that the State is unchanged (scNo).
//
// This file: the presets and Validate, the deal, drawing. The others:
// rules_pile_test.go (taking the discard pile), rules_meld_test.go (melds
// and the first-meld minimum), rules_out_test.go (going out, "May I go
// out?", the stock running out), rules_score_test.go (scoring and the end
// of the game).

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

func scPresets() []Rules { return []Rules{Classic(), TwoPlayer(), ThreePlayer()} }

// ---------------------------------------------------------------- presets

// The library's ruling: "108 cards, partnerships seats 0&2 vs 1&3, 11 cards
// each, one card from the stock draws at a time." "Going beyond the Classic
// text: the two- and three-player variants as presets. Two players: 15 cards,
// draw 2 (discard 1), two canastas to go out. Three players (plain): 13 cards,
// draw 1, each for themselves, one canasta." "A game is hands until a
// partnership reaches 5000 (option)."
func TestRulePresets(t *testing.T) {
	tests := []struct {
		r                                 Rules
		name                              string
		players, teams, hand, draw, goOut int
		ask                               bool
	}{
		{Classic(), "classic", 4, 2, 11, 1, 1, true},
		{TwoPlayer(), "two", 2, 2, 15, 2, 2, false},
		{ThreePlayer(), "three", 3, 3, 13, 1, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.r
			got := []int{r.Players, r.Teams, r.HandSize, r.DrawCount, r.GoOut, r.Decks, r.JokersPerDeck}
			if want := []int{tt.players, tt.teams, tt.hand, tt.draw, tt.goOut, 2, 2}; !slices.Equal(got, want) {
				t.Errorf("players, teams, hand, draw, canastas out, decks, jokers per deck = %v, want %v", got, want)
			}
			if r.Name != tt.name || r.AskPartner != tt.ask || r.Rounds != 0 || r.Target != 5000 {
				t.Errorf("name %q, ask %v, rounds %d, target %d", r.Name, r.AskPartner, r.Rounds, r.Target)
			}
			bonuses := []int{r.NaturalBonus, r.MixedBonus, r.RedThreeBonus, r.AllRedThreesBonus, r.GoOutBonus, r.ConcealedBonus}
			if want := []int{500, 300, 100, 800, 100, 200}; !slices.Equal(bonuses, want) {
				t.Errorf("bonuses %v, want %v", bonuses, want)
			}
			want := meld.RankPolicy{
				Ranks:   meld.Ranks(card.Ace, card.Four, card.Five, card.Six, card.Seven, card.Eight, card.Nine, card.Ten, card.Jack, card.Queen, card.King),
				MinSize: 3, MinNaturals: 2, MaxWilds: 3, Ratio: meld.NoRatio, CanastaSize: 7, BlackThreesOut: true,
			}
			if r.Meld != want {
				t.Errorf("meld policy %+v, want %+v", r.Meld, want)
			}
			if err := r.Validate(); err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{tt.name, strings.ToUpper(tt.name)} {
				if p, err := Preset(name); err != nil || p != r {
					t.Errorf("Preset(%q) = %v, %v", name, p.Name, err)
				}
			}
			s, err := New(r, 5)
			if err != nil {
				t.Fatal(err)
			}
			all := s.Cards()
			if all.Len() != 108 || all.Count(card.Joker) != 4 || all.CountRank(card.Two) != 8 || all.Count(scCard("3H")) != 2 {
				t.Errorf("the shoe: %d cards, %d jokers, %d twos, %d 3H; want 108, 4, 8, 2",
					all.Len(), all.Count(card.Joker), all.CountRank(card.Two), all.Count(scCard("3H")))
			}
			for seat := range r.Players {
				if n := s.Hand(seat).Len(); n != tt.hand {
					t.Errorf("seat %d was dealt %d cards, want %d", seat, n, tt.hand)
				}
				if v := s.View(seat); v.Team != seat%tt.teams {
					t.Errorf("seat %d plays for team %d, want %d", seat, v.Team, seat%tt.teams)
				}
			}
		})
	}
	if _, err := Preset("canasta"); !errors.Is(err, ErrPreset) {
		t.Errorf("Preset(canasta): %v, want ErrPreset", err)
	}
}

// A table's house rules are data, and Validate refuses the tables that
// cannot be played, naming the field to change.
func TestRuleValidateRefuses(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Rules)
		says   string
	}{
		{"five players", func(r *Rules) { r.Players = 5 }, "(set Players and Teams)"},
		{"three players in two teams", func(r *Rules) { r.Players, r.Teams = 3, 2 }, "(set Players and Teams)"},
		{"no deck", func(r *Rules) { r.Decks = 0 }, "decks"},
		{"a hand of one card", func(r *Rules) { r.HandSize = 1 }, "(set HandSize)"},
		{"no card drawn", func(r *Rules) { r.DrawCount = 0 }, "(set DrawCount)"},
		{"too few cards to deal", func(r *Rules) { r.Decks, r.HandSize = 1, 12 }, "add decks or deal fewer cards"},
		{"no meld minimum", func(r *Rules) { r.Minimums = score.Bands{} }, "(set Minimums)"},
		{"five canastas to go out", func(r *Rules) { r.GoOut = 5 }, "(set GoOut)"},
		{"no end", func(r *Rules) { r.Target = 0 }, "set Rounds, or Target above 0"},
		{"a negative bonus", func(r *Rules) { r.GoOutBonus = -100 }, "bonuses are 0 to"},
		{"a joker worth nothing", func(r *Rules) {
			r.Values = score.Uniform(score.NewTable(func(c card.Card) int {
				if c == card.Joker {
					return 0
				}
				return Classic().Values.Melded.Points(c)
			}))
		}, "(set Values)"},
		{"a card in hand counting for its team", func(r *Rules) {
			r.Values.Held = r.Values.Held.With(card.Joker, 50)
		}, "(set Values.Held)"},
		{"red threes on melds", func(r *Rules) { r.Meld.RedThreeOnClean = true }, "clear Meld.RedThreeOnClean"},
		{"a name on two lines", func(r *Rules) { r.Names[1] = "a\nb" }, "names are valid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Classic()
			tt.change(&r)
			err := r.Validate()
			if !errors.Is(err, ErrRules) || !strings.Contains(err.Error(), tt.says) || !strings.HasPrefix(err.Error(), "canasta: ") {
				t.Fatalf("Validate: %v; want ErrRules saying %q", err, tt.says)
			}
			if _, err := New(r, 1); !errors.Is(err, ErrRules) {
				t.Errorf("New: %v, want ErrRules", err)
			}
			p := scAt(t, Classic()).position()
			p.Rules = r
			if _, err := FromPosition(p); !errors.Is(err, ErrPosition) || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("FromPosition: %v, want ErrPosition saying %q", err, tt.says)
			}
		})
	}
}

// ---------------------------------------------------------------- the deal

// The Classic Canasta text: "11 cards are dealt to each player in a clockwise
// direction." The library's ruling: 11 each (2 players: 15, 3 players: 13).
// Pagat: one card at a time, starting with the first player; then the upcard;
// the rest is the stock.
func TestRuleDealOneCardAtATime(t *testing.T) {
	for _, r := range scPresets() {
		t.Run(r.Name, func(t *testing.T) {
			order := scShoe(t, r, nil) // no red three in a hand, a natural upcard
			s, err := Deal(r, order, 0)
			if err != nil {
				t.Fatal(err)
			}
			n := r.Players * r.HandSize
			for seat := range r.Players {
				var dealt []card.Card
				for k := range r.HandSize {
					dealt = append(dealt, order[seat+r.Players*k])
				}
				if want, _ := card.MultisetOf(dealt...); s.Hand(seat) != want {
					t.Errorf("seat %d holds [%v], want [%v]", seat, s.Hand(seat), want)
				}
			}
			if s.Upcard() != order[n] || s.PileSize() != 1 {
				t.Errorf("pile of %d under %v, want the one card %v", s.PileSize(), s.Upcard(), order[n])
			}
			if got := s.Position().Stock; !slices.Equal(got, order[n+1:]) {
				t.Errorf("the stock is not the rest of the order")
			}
			scTurn(t, s, Drawing, 0, 0)
			for team := range r.Teams {
				if len(s.RedThrees(team)) != 0 || s.Down(team) || !s.Frozen(team) {
					t.Errorf("team %d: red threes %v, down %v, frozen %v", team, s.RedThrees(team), s.Down(team), s.Frozen(team))
				}
			}
			scOK(t, s, Draw())
			if _, err := Deal(r, order[1:], 0); !errors.Is(err, ErrDeal) {
				t.Errorf("Deal with a card missing: %v, want ErrDeal", err)
			}
			twice := slices.Clone(order)
			twice[0] = twice[1]
			if _, err := Deal(r, twice, 0); !errors.Is(err, ErrDeal) {
				t.Errorf("Deal with a card twice: %v, want ErrDeal", err)
			}
		})
	}
}

// The Classic Canasta text: "Any Red Three received is automatically placed
// face-up for the partnership and replaced by a draw from the stock." The
// library's ruling: "Red threes are laid face up at once and replaced from the
// stock, at the deal". Each player in turn from the first lays out and
// replaces; a replacement that is a red three is laid out and replaced in its
// turn.
func TestRuleDealtRedThreesReplaced(t *testing.T) {
	r := Classic()
	order := scShoe(t, r, map[int]string{
		0: "3D", 1: "3H", 2: "3D", // the first cards of seats 0, 1 and 2
		44: "3H", // seat 0's replacement, itself a red three
		45: "KS", // seat 0's second replacement
		46: "QS", // seat 1's
		47: "JS", // seat 2's
		48: "9S", // the upcard
	})
	s, err := Deal(r, order, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Team 0 (seats 0 and 2) laid three, team 1 the one seat 1 was dealt.
	scReds(t, s, 0, "3D 3D 3H")
	scReds(t, s, 1, "3H")
	for seat, extra := range []string{"KS", "QS", "JS", ""} {
		want := scSet(t, extra)
		for k := 1; k < 11; k++ {
			_ = want.Add(order[seat+4*k])
		}
		if seat == 3 {
			_ = want.Add(order[3])
		}
		if s.Hand(seat) != want || want.Len() != 11 {
			t.Errorf("seat %d holds [%v], want the 11 cards [%v]", seat, s.Hand(seat), want)
		}
	}
	scPile(t, s, "9S", 1)
	if s.StockSize() != 108-49 {
		t.Errorf("stock %d, want %d", s.StockSize(), 108-49)
	}
	// Laid out for a team that has not melded, they count against it.
	if got := s.Score(); got[0].Breakdown[2].Points != -300 || got[1].Breakdown[2].Points != -100 {
		t.Errorf("red threes as the round stands: %v and %v, want -300 and -100", got[0].Breakdown, got[1].Breakdown)
	}

	// Two players: the last card of seat 1's fifteen.
	r = TwoPlayer()
	order = scShoe(t, r, map[int]string{29: "3H", 30: "KS", 31: "9S"})
	if s, err = Deal(r, order, 0); err != nil {
		t.Fatal(err)
	}
	scReds(t, s, 1, "3H")
	if h := s.Hand(1); h.Len() != 15 || h.Count(scCard("KS")) != 1 {
		t.Errorf("seat 1 holds [%v], want 15 cards with the replacement KS", h)
	}
	scPile(t, s, "9S", 1)
}

// The Classic Canasta text: "One face-up card is flipped from the stock to
// begin the discard pile." The library's ruling: "Initial upcard: if it is a
// wild card or a red three, another card is turned onto it and the pile is
// frozen." A red three so turned stays in the pile; a black three is an upcard
// like any other (and blocks the first player).
func TestRuleUpcardTurnedAgain(t *testing.T) {
	r := Classic()
	order := scShoe(t, r, map[int]string{44: "JK", 45: "3D", 46: "2C", 47: "9S"})
	s, err := Deal(r, order, 0)
	if err != nil {
		t.Fatal(err)
	}
	scPile(t, s, "9S", 4)
	pile := s.Position().Pile
	if got, _ := card.MultisetOf(pile...); got != scSet(t, "JK 3D 2C 9S") || pile[3] != scCard("9S") {
		t.Errorf("pile %v, want JK 3D 2C under 9S", pile)
	}
	if s.StockSize() != 108-48 || len(s.RedThrees(0))+len(s.RedThrees(1)) != 0 {
		t.Errorf("stock %d (want 60), red threes %v %v (want none laid)", s.StockSize(), s.RedThrees(0), s.RedThrees(1))
	}
	for team := range 2 {
		if !s.Frozen(team) || !s.View(team).Teams[team].Frozen {
			t.Errorf("the pile is not frozen for team %d", team)
		}
	}

	order = scShoe(t, r, map[int]string{44: "3H", 45: "8C"})
	if s, err = Deal(r, order, 0); err != nil {
		t.Fatal(err)
	}
	scPile(t, s, "8C", 2)
	scEq(t, "the pile", fmt.Sprint(s.Position().Pile), "[3H 8C]")

	order = scShoe(t, r, map[int]string{44: "3C"})
	if s, err = Deal(r, order, 0); err != nil {
		t.Fatal(err)
	}
	scPile(t, s, "3C", 1)
	scNo(t, s, Take(), ErrBlocked)
}

// Pagat: the deal passes to the left, so the first player moves one seat
// on each round (a round is a hand, in Canasta's words).
func TestRuleFirstPlayerMovesEachRound(t *testing.T) {
	for _, r := range scPresets() {
		t.Run(r.Name, func(t *testing.T) {
			for n := 1; n <= r.Players+1; n++ {
				seat := (n - 1) % r.Players
				b := scAt(t, r).round(n).turn(seat).melding().hand(seat, "5C").meld(r.teamOf(seat), "9C 9D 9H 9S 9C 9D 9H")
				if r.GoOut == 2 {
					b.meld(r.teamOf(seat), "KC KD KH KS KC KD KH")
				}
				s := scOK(t, b.build(), scDiscard(t, "5C"))
				scTurn(t, s, RoundOver, seat, n%r.Players)
				s = scOK(t, s, Next())
				if s.Round() != n+1 {
					t.Fatalf("round %d after Next from round %d", s.Round(), n)
				}
				scTurn(t, s, Drawing, n%r.Players, n%r.Players)
				for p := range r.Players {
					if s.Hand(p).Len() != r.HandSize {
						t.Errorf("round %d: seat %d holds %d cards", n+1, p, s.Hand(p).Len())
					}
				}
			}
		})
	}
}

// A later round is dealt as the first: one card at a time, starting with
// its first player, from the shoe the game's generator shuffles.
func TestRuleLaterRoundDealtFromItsFirstPlayer(t *testing.T) {
	r := Classic()
	// A seed whose shuffle deals no red three and turns a natural upcard,
	// so that every card's place is the deal's alone.
	var shoe []card.Card
	seed := uint64(0)
	for ; ; seed++ {
		shoe = scShuffled(t, r, seed)
		if !slices.ContainsFunc(shoe[:45], meld.IsRedThree) && !meld.IsWild(shoe[44]) {
			break
		}
	}
	s := scAt(t, r).rng(seed).melding().hand(0, "5C").meld(0, "9C 9D 9H 9S 9C 9D 9H").build()
	s = scOK(t, s, scDiscard(t, "5C"), Next())
	scTurn(t, s, Drawing, 1, 1)
	for i := range 4 {
		seat := (1 + i) % 4
		var dealt []card.Card
		for k := range 11 {
			dealt = append(dealt, shoe[i+4*k])
		}
		if want, _ := card.MultisetOf(dealt...); s.Hand(seat) != want {
			t.Errorf("round 2: seat %d holds [%v], want [%v]", seat, s.Hand(seat), want)
		}
	}
	scPile(t, s, shoe[44].String(), 1)
}

// ---------------------------------------------------------------- drawing

// The Classic Canasta text: "The turn is commenced by taking exactly one of
// the following actions: Draw from stock: The top card is taken from the
// face-down pile." Nothing is laid or discarded before the draw.
func TestRuleDrawOneCard(t *testing.T) {
	s := scAt(t, Classic()).hand(0, "5C 5D 5H 6D").stock("KH QS").pile("8C").build()
	scNo(t, s, scDiscard(t, "6D"), ErrNotNow)
	scNo(t, s, scMeld(t, "5C 5D 5H"), ErrNotNow)
	scNo(t, s, TakeBack(), ErrNotNow)
	size := s.StockSize()
	s = scOK(t, s, Draw())
	scTurn(t, s, Melding, 0, 0)
	scHand(t, s, 0, "5C 5D 5H 6D KH")
	if s.StockSize() != size-1 {
		t.Errorf("stock %d after the draw, want %d", s.StockSize(), size-1)
	}
	if ev := s.Happened(0, 0); len(ev) != 1 || !slices.Equal(ev[0].Drawn, scCards(t, "KH")) || ev[0].Draws != 1 {
		t.Errorf("the drawer's event %+v, want KH drawn", ev)
	}
	if ev := s.Happened(1, 0); len(ev) != 1 || ev[0].Drawn != nil || ev[0].Draws != 1 {
		t.Errorf("another seat's event %+v, want one card drawn, unnamed", ev)
	}
	scNo(t, s, Draw(), ErrNotNow)
	scNo(t, s, Take(), ErrNotNow)
}

// The two-player game: 15 cards, draw 2 (discard 1). From a stock of one
// card, that card. (Three players draw one: TestRuleThreePlayerRound.)
func TestRuleDrawTwoInVariants(t *testing.T) {
	for _, r := range []Rules{TwoPlayer()} {
		t.Run(r.Name, func(t *testing.T) {
			s := scAt(t, r).hand(0, "5C 6D").stock("KH QS JD").pile("4S").build()
			size := s.StockSize()
			s = scOK(t, s, Draw())
			scHand(t, s, 0, "5C 6D KH QS")
			if s.StockSize() != size-2 {
				t.Errorf("stock %d after the draw, want %d", s.StockSize(), size-2)
			}
			s = scOK(t, s, scDiscard(t, "6D"))
			scHand(t, s, 0, "5C KH QS")
			scTurn(t, s, Drawing, 1, 1)
			scPile(t, s, "6D", 2)

			s = scAt(t, r).hand(0, "5C 6D").stock("KH").restTo(1).pile("7C").build()
			s = scOK(t, s, Draw())
			scHand(t, s, 0, "5C 6D KH")
			if s.StockSize() != 0 {
				t.Errorf("stock %d, want 0", s.StockSize())
			}
		})
	}
}

// The Classic Canasta text: "Any Red Three received is automatically placed
// face-up for the partnership and replaced by a draw from the stock." The
// library's ruling: "at the deal and whenever drawn". A replacement that is a
// red three is laid out and replaced in turn; the red threes stay out (nothing
// to take back).
func TestRuleDrawnRedThreeReplacedAgain(t *testing.T) {
	s := scAt(t, Classic()).hand(0, "5C 6D").stock("3H 3D 8C 4S").build()
	size := s.StockSize()
	s = scOK(t, s, Draw())
	scTurn(t, s, Melding, 0, 0)
	scHand(t, s, 0, "5C 6D 8C")
	scReds(t, s, 0, "3D 3H")
	scReds(t, s, 1, "")
	if s.StockSize() != size-3 {
		t.Errorf("stock %d, want %d", s.StockSize(), size-3)
	}
	for seat, drawn := range [][]card.Card{scCards(t, "3H 3D 8C"), nil} {
		ev := s.Happened(seat, 0)
		if len(ev) != 1 || !slices.Equal(ev[0].Drawn, drawn) || ev[0].Draws != 3 || !slices.Equal(ev[0].RedThrees, scCards(t, "3D 3H")) {
			t.Errorf("seat %d sees %+v, want 3 cards drawn (%v) and 3D 3H laid out", seat, ev, drawn)
		}
	}
	scNo(t, s, TakeBack(), ErrNotNow)

	// Seat 2 draws for team 0; two cards drawn, the red three among them replaced.
	s = scAt(t, TwoPlayer()).hand(0, "5C 6D").stock("3D 9C KH QH").build()
	s = scOK(t, s, Draw())
	scHand(t, s, 0, "5C 6D 9C KH")
	scReds(t, s, 0, "3D")
	s = scAt(t, Classic()).turn(2).hand(2, "5C 6D").stock("3D 9C").build()
	s = scOK(t, s, Draw())
	scHand(t, s, 2, "5C 6D 9C")
	scReds(t, s, 0, "3D")
}

// The library's ruling: "Drawing a red three as the last stock card ends the
// hand at once." No one goes out: no going-out bonus. A red three with a card
// left to replace it does not end the round.
func TestRuleRedThreeLastCardEndsTheRound(t *testing.T) {
	at := func(stock string) State {
		return scAt(t, Classic()).hand(0, "5C 6D").hand(1, "KC").hand(2, "QC").hand(3, "JC").
			meld(0, "9C 9D 9H 9S 9C 9D 9H").stock(stock).pile("8C").restTo(scUnderPile).build()
	}
	s := scOK(t, at("3H"), Draw())
	scTurn(t, s, RoundOver, 0, 1)
	scReds(t, s, 0, "3H")
	scHand(t, s, 0, "5C 6D")
	res := s.Results()
	if len(res) != 1 || res[0].WentOut != -1 || res[0].Concealed {
		t.Fatalf("results %+v, want round 1 over with no one out", res)
	}
	scScore(t, res[0].Teams[0], scLines{natural: 500, reds: 100, melded: 70, held: -20}, 650)
	scScore(t, res[0].Teams[1], scLines{held: -20}, -20)
	if ev := s.Happened(0, 0); !ev[0].RoundOver || ev[0].GameOver {
		t.Errorf("the draw's event %+v, want the round over", ev[0])
	}
	scLegal(t, s, "next")

	s = scOK(t, at("3H 5H"), Draw())
	scTurn(t, s, Melding, 0, 0)
	scHand(t, s, 0, "5C 6D 5H")
	scReds(t, s, 0, "3H")
}

// The same when a draw of two brings two red threes and the stock holds
// one card to replace them, itself a red three: all three are laid out
// (none stays in the hand), and the round ends at once.
func TestRuleRedThreeReplacementIsTheLastCard(t *testing.T) {
	s := scAt(t, TwoPlayer()).hand(0, "5C 6D").hand(1, "KC").
		meld(0, "9C 9D 9H 9S 9C 9D 9H").stock("3D 3H 3D").pile("8C").restTo(scUnderPile).build()
	s = scOK(t, s, Draw())
	scTurn(t, s, RoundOver, 0, 1)
	scHand(t, s, 0, "5C 6D")
	scReds(t, s, 0, "3D 3D 3H")
}
