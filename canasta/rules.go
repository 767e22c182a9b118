package canasta

import (
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/play"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// MaxPlayers is the most players at a Canasta table: four, in two
// partnerships.
const MaxPlayers = 4

// Bounds on a table's rules, so that every table Validate accepts deals,
// plays and ends.
const (
	// MaxDecks is the most 52-card decks in the shoe (Canasta plays with two).
	MaxDecks = 4
	// MaxJokersPerDeck is the most jokers in each deck (two in Canasta).
	MaxJokersPerDeck = 4
	// MaxHandSize is the most cards dealt to each player (11 to 15 in Canasta).
	MaxHandSize = 20
	// MaxDraw is the most cards drawn from the stock at a time (1 or 2).
	MaxDraw = 3
	// MaxRounds is the most rounds (hands, in Canasta's words) in a game: a
	// game to a Target also ends after MaxRounds rounds, so that every game
	// ends however the players play.
	MaxRounds = 100
	// MaxBonus bounds each bonus; Target is at most MaxBonus × MaxRounds.
	MaxBonus = 10000
	// MaxName is the most bytes in the rule set's name or a player's.
	MaxName = 64
)

// Rules is a Canasta table's rules as data: a comparable value. [Classic]
// is the four-player game in two partnerships, [TwoPlayer] and
// [ThreePlayer] the variants for two and three, and [Cutthroat] the
// three-player game of a lone hand against two partners; a table's house
// rules are a changed field, checked by [Rules.Validate].
type Rules struct {
	// Name names the rule set for display, such as "classic".
	Name string `json:"name"`
	// Names are the players' names for display, seat by seat (optional).
	Names [MaxPlayers]string `json:"names"`

	// Players is the number of players, 2 to 4, and Teams the number of
	// sides: 2 with two players, 3 with three (each for themselves), 2 with
	// four (partnerships: seats 0 and 2 against 1 and 3). Seat s plays for
	// team s % Teams.
	Players int `json:"players"`
	Teams   int `json:"teams"`
	// Decks is the number of 52-card decks and JokersPerDeck the jokers in
	// each: two decks and four jokers, 108 cards.
	Decks         int `json:"decks"`
	JokersPerDeck int `json:"jokersPerDeck"`
	// HandSize is the number of cards dealt to each player: 11 (15 with two
	// players, 13 with three).
	HandSize int `json:"handSize"`
	// DrawCount is the number of cards drawn from the stock: 1 (2 with two
	// players).
	DrawCount int `json:"drawCount"`

	// Meld is the meld policy: three or more cards of a rank, at least two
	// natural and at most three wild, canastas of seven, black threes (three
	// or four, no wild card) only by a player going out.
	Meld meld.RankPolicy `json:"meld"`
	// Minimums is the first-meld minimum by the team's total before the
	// round: 15 below 0, 50 from 0, 90 from 1500, 120 from 3000.
	Minimums score.Bands `json:"minimums"`
	// GoOut is the number of canastas, of either kind, a team needs to go
	// out: 1 (2 with two players).
	GoOut int `json:"goOut"`
	// AskPartner lets a player ask the partner "May I go out?" after drawing
	// and before melding. Asking is the player's choice; the answer binds:
	// after a yes the player must go out this turn, after a no it may not.
	// Players without a partner never ask. Under Cutthroat the two partners
	// ask each other once the lone hand is known.
	AskPartner bool `json:"askPartner"`

	// Values are the card values on the table (Values.Melded: joker 50,
	// aces and twos 20, eight to king 10, four to seven 5, black threes 5)
	// and in hand (Values.Held: the same, negative), a score.Scheme as in
	// every game that scores cards melded and held (score.Uniform of the
	// table). Red threes are scored apart (RedThreeBonus).
	Values score.Scheme `json:"values"`
	// NaturalBonus and MixedBonus score each canasta: 500 natural (no wild
	// card), 300 mixed.
	NaturalBonus int `json:"naturalBonus"`
	MixedBonus   int `json:"mixedBonus"`
	// RedThreeBonus scores each red three a team has laid out, 100; a team
	// holding every red three of the shoe scores AllRedThreesBonus (800)
	// instead. A team that has melded nothing when the round ends counts
	// them against it.
	RedThreeBonus     int `json:"redThreeBonus"`
	AllRedThreesBonus int `json:"allRedThreesBonus"`
	// GoOutBonus is scored by the team that goes out: 100, or
	// ConcealedBonus (200) when the player goes out concealed: having laid
	// nothing earlier in the round (red threes aside), the player melds the
	// whole hand in one turn, a canasta among those melds, adding nothing
	// to the partner's melds.
	GoOutBonus     int `json:"goOutBonus"`
	ConcealedBonus int `json:"concealedBonus"`

	// Rounds ends the game after that many rounds; with Rounds 0 it ends
	// after the first round at which a team's total reaches Target (5000),
	// or after [MaxRounds].
	Rounds int `json:"rounds"`
	Target int `json:"target"`

	// Cutthroat is Cutthroat Canasta's lone hand, for three players in
	// three teams (each player's team is that player). Each plays alone
	// until the first player to take the discard pile becomes the lone
	// hand. The other two are partners for the rest of the round, their
	// melds joined into one meld per rank (see [State.LoneHand]).
	// A player who goes out before anyone has taken the pile is the lone
	// hand, and the other two are partners for the round's score. Each
	// player's first-meld minimum comes from that player's own total, even
	// for a partnership's first melds. A red three counts for the player
	// who laid it out alone. Each partner scores the partnership's
	// canastas, cards and going-out bonus, less the cards left in both
	// partners' hands, with that player's own red threes. A round ended
	// with no one ever having taken the pile scores each player alone.
	Cutthroat bool `json:"cutthroat"`
	// StockEnds ends play when the stock runs out: the player who drew its
	// last card plays the turn out, and the round ends with that discard
	// (with no one going out). Without it, play goes on while each player
	// in turn takes the pile (Classic).
	StockEnds bool `json:"stockEnds"`
}

// MaxActions is the most actions a game of r can last when no player
// takes back more than once a turn. Taking back and laying again is the
// one loop the rules let a player repeat without end; any other play ends
// the game within this bound. It makes a sound [cardrules.Options] Limit.
// The bound is loose: real games take a small part of it. It is 0 for
// rules [Rules.Validate] refuses.
func (r Rules) MaxActions() int {
	if r.Validate() != nil {
		return 0
	}
	return family.MaxActions(r.Decks*(52+r.JokersPerDeck), r.Players, play.Rounds(r.Rounds, MaxRounds))
}

// Validate reports whether a table can be played by r: nil, or an error
// wrapping [ErrRules] that names the first thing to change (and counts the
// others).
func (r Rules) Validate() error {
	p := r.problems()
	if len(p) == 0 {
		return nil
	}
	return errs.New(pkg, ErrRules, errs.First(p))
}

// problems lists what makes r unplayable, the most basic first. Each
// message is built only for a problem found: New validates its rules
// every time.
func (r Rules) problems() (p []string) {
	if !(r.Players == 2 && r.Teams == 2) && !(r.Players == 3 && r.Teams == 3) && !(r.Players == 4 && r.Teams == 2) {
		p = append(p, itoa(r.Players)+" players in "+itoa(r.Teams)+" teams: Canasta seats 2 players in 2 teams, 3 in 3, or 4 in 2 partnerships (set Players and Teams)")
	}
	if r.Decks < 1 || r.Decks > MaxDecks || r.JokersPerDeck < 0 || r.JokersPerDeck > MaxJokersPerDeck {
		p = append(p, "1 to "+itoa(MaxDecks)+" decks and 0 to "+itoa(MaxJokersPerDeck)+" jokers per deck")
	}
	if r.HandSize < 2 || r.HandSize > MaxHandSize {
		p = append(p, "a hand of 2 to "+itoa(MaxHandSize)+" cards (set HandSize)")
	}
	if r.DrawCount < 1 || r.DrawCount > MaxDraw {
		p = append(p, "a player draws 1 to "+itoa(MaxDraw)+" cards (set DrawCount)")
	}
	// Every red three dealt is replaced from the stock, and the upcard is
	// turned until it is neither wild nor a red three: with every wild card
	// and red three counted twice over, the deal never runs out.
	if r.Players*r.HandSize+6*r.Decks+1 > 52*r.Decks {
		p = append(p, "too few cards to deal every hand, replace its red threes and turn an upcard: add decks or deal fewer cards")
	}
	if r.Minimums.Len() == 0 {
		p = append(p, "the meld minimum schedule has no entries (set Minimums)")
	}
	if r.GoOut < 0 || r.GoOut > family.MaxGoOut {
		p = append(p, "going out needs 0 to "+itoa(family.MaxGoOut)+" canastas (set GoOut)")
	}
	if r.Rounds < 0 || (r.Rounds == 0 && r.Target <= 0) {
		p = append(p, "the game needs an end: set Rounds, or Target above 0")
	}
	if r.Rounds > MaxRounds {
		p = append(p, "at most "+itoa(MaxRounds)+" rounds")
	}
	if r.Target > MaxBonus*MaxRounds {
		p = append(p, "Target above "+itoa(MaxBonus*MaxRounds))
	}
	for _, b := range [...]int{r.NaturalBonus, r.MixedBonus, r.RedThreeBonus, r.AllRedThreesBonus, r.GoOutBonus, r.ConcealedBonus} {
		if b < 0 || b > MaxBonus {
			p = append(p, "a bonus of "+itoa(b)+": bonuses are 0 to "+itoa(MaxBonus))
		}
	}
	for c := card.Card(1); c <= card.Joker; c++ {
		v := r.Values.Melded.Points(c)
		meldable := c == card.Joker || c.Rank() == card.Two || r.Meld.Ranks.Has(c.Rank()) ||
			(r.Meld.BlackThreesOut && c.Rank() == card.Three && c.IsBlack())
		if v < 0 || v > MaxBonus || (v == 0 && meldable) {
			// The first melds of a round are told by the points they lay.
			p = append(p, c.String()+" is worth "+itoa(v)+": a card is worth 0 to "+itoa(MaxBonus)+", and one that can be melded at least 1 (set Values)")
			break
		}
	}
	for c := card.Card(1); c <= card.Joker; c++ {
		if v := r.Values.Held.Points(c); v > 0 || v < -MaxBonus {
			p = append(p, c.String()+" left in hand counts "+itoa(v)+": a card in hand counts 0 to "+itoa(-MaxBonus)+", never for its team (set Values.Held)")
			break
		}
	}
	if r.Cutthroat && (r.Players != 3 || r.Teams != 3) {
		p = append(p, "Cutthroat is played by 3 players in 3 teams (set Players and Teams to 3, or clear Cutthroat)")
	}
	if r.Cutthroat && r.Meld.CleanClosed {
		p = append(p, "Cutthroat joins the partners' melds of a rank, which a closed natural canasta cannot take: clear Meld.CleanClosed")
	}
	if r.Meld.RedThreeOnClean {
		p = append(p, "red threes are laid out apart in Canasta, never on a meld: clear Meld.RedThreeOnClean")
	}
	if r.Meld.CleanClosed && r.Meld.CanastaSize <= 3 {
		p = append(p, "a natural canasta closed at 3 cards or fewer would close the meld a pile is taken with: set Meld.CanastaSize to 4 or more")
	}
	if err := r.Meld.Check(); err != nil {
		p = append(p, errs.Unprefixed(err))
	}
	if names := errs.NamesProblem(MaxName, append([]string{r.Name}, r.Names[:]...)...); names != "" {
		p = append(p, names)
	}
	return p
}

// config returns the engine's view of r for a round in which team t must
// reach minimums[t] with its first melds (under Cutthroat, player t: each
// player's minimum is its own). No seats are joined yet: see State.join.
func (r Rules) config(shoe []card.Card, minimums [family.MaxPlayers]int) family.Config {
	return family.Config{
		Pkg: pkg, Players: r.Players, Sides: r.Teams,
		Meld: r.Meld, Values: r.Values.Melded,
		DrawCount:      r.DrawCount,
		GoOut:          family.Canastas{Dirty: r.GoOut},
		AnyCanasta:     true,
		AskPartner:     r.AskPartner,
		AskOptional:    true,
		Freeze:         true,
		OneCardPile:    true,
		RedThreesAside: true,
		ConcealedOut:   true,
		DeclinePile:    !r.StockEnds,
		StockEnds:      r.StockEnds,
		OwnMinimum:     r.Cutthroat,
		Kinds:          kinds,
		Shoe:           shoe,
		Minimums:       minimums,
	}
}

// teamOf returns the team of seat, whose total it scores to and whose red
// threes it lays out: seats alternate teams (under Cutthroat each seat is
// its own team). It takes the rules by pointer: Apply asks it several
// times an action, and a copy of the Rules each time cost a canasta hand
// about 5% of its instructions.
func (r *Rules) teamOf(seat int) int { return seat % r.Teams }

// side returns the side seat plays on now, whose melds it lays and adds
// to: its team, but under Cutthroat, once the partners are joined, the
// partnership's (the family's Config.Side, the one place it is decided).
func (rd *round) side(seat int) int { return rd.cfg.Side(seat) }

// redThreesInShoe is the number of red threes the shoe holds.
func (r Rules) redThreesInShoe() int { return 2 * r.Decks }

// Presets returns the named rule sets, the default first: [Classic],
// [TwoPlayer], [ThreePlayer] and [Cutthroat]. [Preset] returns each under
// its Name.
func Presets() []Rules { return []Rules{Classic(), TwoPlayer(), ThreePlayer(), Cutthroat()} }

// Preset returns the rule set of that name, in any case: "classic"
// ([Classic]), "two" ([TwoPlayer]), "three" ([ThreePlayer]) or
// "cutthroat" ([Cutthroat]). Another name is an error wrapping [ErrPreset].
func Preset(name string) (Rules, error) {
	switch strings.ToLower(name) {
	case "classic":
		return Classic(), nil
	case "two":
		return TwoPlayer(), nil
	case "three":
		return ThreePlayer(), nil
	case "cutthroat":
		return Cutthroat(), nil
	}
	return Rules{}, errs.New(pkg, ErrPreset, errs.Quote(name)+": the rule sets are classic, two, three and cutthroat")
}
