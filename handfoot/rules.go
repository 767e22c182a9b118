package handfoot

import (
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"

	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/play"
)

// Canastas is a number of clean and dirty canastas, such as the canastas a
// team needs to go out. The idea is Canasta's Canastas, whose words are
// natural and mixed: each game keeps its own players' words (a clean
// canasta has no wild card, a dirty one has).
type Canastas struct {
	Clean int `json:"clean"`
	Dirty int `json:"dirty"`
}

// Bounds on a table's rules. Real tables stay far inside them; past them a
// game stops being one people play, and the engine's promises (every game
// ends, Legal stays short enough to read) are kept by refusing the table.
const (
	// MaxDecks is the most decks in a shoe: the largest tables play with
	// nine, and with many more a hand can hold so many copies of a rank that
	// the list of ways to meld them runs to the tens of thousands.
	MaxDecks = 12
	// MaxJokersPerDeck is the most jokers in each deck (decks are sold with
	// two).
	MaxJokersPerDeck = 4
	// MaxPacket is the most cards in a hand or a foot as dealt (tables deal
	// 11 to 15).
	MaxPacket = 30
	// MaxDraw is the most cards a player draws from the stock (tables draw 2).
	MaxDraw = 5
	// MaxRounds is the most rounds in a game. A game to a Target also ends
	// after MaxRounds rounds when no team has passed the target (real games
	// to 10000 take about ten), so that every game ends, however the
	// players play.
	MaxRounds = 100
	// MaxName is the most bytes in the rule set's name or a player's.
	MaxName = 64
	// MaxBonus bounds each bonus (tables score 100 to 500); Target is at most
	// MaxBonus × MaxRounds.
	MaxBonus = 10000
)

// Rules is a Hand and Foot table's rules: every point on which rule sets A
// and B differ, and the house rules real tables vary, as data. It is a
// comparable value. [RulesA] and [RulesB] are the two rule sets; a table's
// house rules are a changed field, checked by [Rules.Validate].
type Rules struct {
	// Name names the rule set for display, such as "A" or "B".
	Name string `json:"name"`
	// Names are the players' names for display, seat by seat (optional; no
	// rule reads them).
	Names [MaxPlayers]string `json:"names"`

	// Players is the number of players, 2 to 8, and Teams the number of
	// teams, all of the same size; seats alternate teams (seat s plays for
	// team s % Teams). The layouts (players x teams) are 2x2 3x3 4x4 4x2 5x5
	// 6x6 6x3 6x2 7x7 8x8 8x4 8x2.
	Players int `json:"players"`
	Teams   int `json:"teams"`
	// Decks is the number of 52-card decks in the shoe; MinExtraDecks is how
	// many more decks than players the rules require at least (rule set A
	// plays with one deck more than there are players, B with one deck per
	// player).
	Decks         int `json:"decks"`
	MinExtraDecks int `json:"minExtraDecks"`
	// JokersPerDeck is the number of jokers in each deck: 2 in both rule sets.
	JokersPerDeck int `json:"jokersPerDeck"`
	// HandSize and FootSize are the sizes of the two packets dealt to each
	// player: 11 cards each in both rule sets.
	HandSize int `json:"handSize"`
	FootSize int `json:"footSize"`
	// ChoosePacket lets each player choose, after the deal and before the
	// first turn, which of its two packets is the hand: "Player can pick up
	// either hand, and leave the other one for his foot" (rule set B, on in
	// [RulesB]). The players choose seat by seat in turn order from the
	// round's first player, each playing [Choose]. The choice is made face
	// down, without looking at either packet, and the foot stays unseen
	// until it is picked up (unless LookAtPackets). Without ChoosePacket the
	// first packet dealt is the hand, and the foot stays unseen until it is
	// picked up.
	ChoosePacket bool `json:"choosePacket"`
	// LookAtPackets lets each player look at both its packets before
	// choosing which is the hand ([View].Packets). The player then knows
	// the foot it leaves on the table ([View].FootSeen) until it picks it
	// up. It is a house rule, off in every preset, and needs ChoosePacket.
	LookAtPackets bool `json:"lookAtPackets"`
	// DrawCount is the number of cards drawn from the stock: 2.
	DrawCount int `json:"drawCount"`

	// Meld is the meld policy: meldable ranks, sizes, the wild ratio, the
	// canasta size, a clean canasta closed at 7 (B), a red three locking a
	// clean canasta (A).
	Meld meld.RankPolicy `json:"meld"`
	// SecondMeld allows a new meld of a rank once every earlier meld of that
	// rank is a canasta.
	SecondMeld bool `json:"secondMeld"`
	// PileOnMeld lets a player take the pile by putting the upcard alone on
	// one of the team's melds of its rank, or a wild upcard on any team
	// meld that stays legal with it (rule set A). Without it a natural pair
	// of the upcard's rank from the hand always goes with the upcard, and a
	// wild upcard is never taken (rule set B).
	PileOnMeld bool `json:"pileOnMeld"`

	// Minimums is the meld-minimum schedule for a team's first melds of a
	// round. With MinimumByRound it is indexed by the round number (rule set
	// B: 50, 90, 120, 150 in rounds 1 to 4); otherwise by the team's total
	// score (rule set A: 50 up to 2500, 90 up to 5000, 120 up to 7500, 150
	// above).
	Minimums       score.Bands `json:"minimums"`
	MinimumByRound bool        `json:"minimumByRound"`

	// GoOut is the canastas a team needs to go out; at tables of LargeTable
	// players or more (0: never) it is GoOutLarge instead. Rule set A asks
	// for one clean and one dirty canasta with two or three players and two
	// of each with four or more; rule set B for one of each at any table.
	GoOut      Canastas `json:"goOut"`
	GoOutLarge Canastas `json:"goOutLarge"`
	LargeTable int      `json:"largeTable"`
	// AskPartner makes a player ask the partner before going out (rule set
	// B). The question is asked after drawing, from the foot, before
	// laying any card that turn, and only by a player who can go out this
	// turn with the cards it holds. The answer binds: after a yes the
	// player must go out this turn (it still chooses how; Legal lists only
	// actions that keep going out possible), after a no it may not go out
	// this turn. Players without a partner never ask.
	AskPartner bool `json:"askPartner"`
	// GoOutBonus is scored by the team that goes out: 100.
	GoOutBonus int `json:"goOutBonus"`

	// CleanBonus and DirtyBonus score each completed canasta: 500 for a
	// clean one, 300 for a dirty one.
	CleanBonus int `json:"cleanBonus"`
	DirtyBonus int `json:"dirtyBonus"`
	// RedThreeBonus scores each red three laid on a clean canasta: 100 in
	// rule set A.
	RedThreeBonus int `json:"redThreeBonus"`
	// Values are the card values on the table and in hand or foot at the end
	// of a round, threes included (a red three left in hand or foot counts
	// -100 in rule set A, -500 in B).
	Values score.Scheme `json:"values"`

	// Rounds ends the game after that many rounds (rule set B: four); with
	// Rounds 0 the game ends after the first round in which a team's total
	// is above Target (rule set A: 10000), or after [MaxRounds] rounds.
	Rounds int `json:"rounds"`
	Target int `json:"target"`
}

// RulesA returns rule set A for four players in two partnerships. It has
// five decks with two jokers each, and an 11-card hand and foot. A player
// draws two. The pile is taken with a natural pair or by putting the upcard
// on a team meld. The meld minimum goes by team score (50/90/120/150). A
// red three may lock a clean canasta (+100). Going out takes 2 clean and 2
// dirty canastas at tables of four or more (1 and 1 below). The game is to
// 10000. Use [Rules.WithLayout] for other tables.
func RulesA() Rules {
	return Rules{
		Name:    "A",
		Players: 4, Teams: 2,
		Decks: 5, MinExtraDecks: 1,
		JokersPerDeck: 2,
		HandSize:      11, FootSize: 11,
		DrawCount:  2,
		Meld:       meldA(),
		SecondMeld: true,
		PileOnMeld: true,
		Minimums:   minimumsA(),
		GoOut:      Canastas{Clean: 1, Dirty: 1},
		GoOutLarge: Canastas{Clean: 2, Dirty: 2},
		LargeTable: 4,
		GoOutBonus: 100,
		CleanBonus: 500, DirtyBonus: 300,
		RedThreeBonus: 100,
		Values:        valuesA(),
		Target:        10000,
	}
}

// RulesB returns rule set B for four players in two partnerships. It has four
// decks with two jokers each, and 11-card packets. Each player chooses, face
// down, which packet is the hand. A player draws two. The pile is taken only
// with a natural pair. The meld minimum goes by round (50/90/120/150). A
// clean canasta is closed at 7. Threes are never laid, and a red three counts
// -500 in hand. Going out takes 1 clean and 1 dirty canasta, after asking the
// partner. The game is four rounds. Use [Rules.WithLayout] for other tables.
func RulesB() Rules {
	// B is A with its differences.
	r := RulesA()
	r.Name = "B"
	r.Decks, r.MinExtraDecks = 4, 0 // one deck per player
	r.Meld = meldB()                // a clean canasta closes at 7; threes are never laid
	r.PileOnMeld = false            // the pile is taken only with a natural pair
	r.Minimums, r.MinimumByRound = minimumsB(), true
	r.GoOutLarge, r.LargeTable = Canastas{}, 0 // one clean and one dirty canasta at any table
	r.AskPartner = true
	r.ChoosePacket = true // "Player can pick up either hand", face down (LookAtPackets stays off)
	r.RedThreeBonus = 0
	r.Values = valuesB() // a red three in hand or foot counts -500
	r.Rounds, r.Target = 4, 0
	return r
}

// Presets returns the named rule sets, the default first: [RulesA] and
// [RulesB]. [Preset] returns each under its Name.
func Presets() []Rules { return []Rules{RulesA(), RulesB()} }

// Preset returns the rule set of that name, "A" ([RulesA]) or "B"
// ([RulesB]), in either case: for programs that read the rules from a flag
// or a file. Another name is an error wrapping [ErrPreset].
func Preset(name string) (Rules, error) {
	switch strings.ToUpper(name) {
	case "A":
		return RulesA(), nil
	case "B":
		return RulesB(), nil
	}
	return Rules{}, errs.New(pkg, ErrPreset, errs.Quote(name)+": the rule sets are A and B")
}

// WithLayout returns the rules for players players in teams teams, with
// the fewest decks the rules allow (players + MinExtraDecks). Check the
// result with [Rules.Validate].
func (r Rules) WithLayout(players, teams int) Rules {
	r.Players, r.Teams = players, teams
	r.Decks = players + r.MinExtraDecks
	return r
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

// Validate reports whether a table can play by r. The error wraps
// [ErrRules] and names, on one line, the first problem and what to change,
// and how many more problems there are.
func (r Rules) Validate() error {
	if p := r.problems(); len(p) > 0 {
		return errs.New(pkg, ErrRules, errs.First(p))
	}
	return nil
}

// problems lists what makes r unplayable, most basic first.
func (r Rules) problems() []string {
	var p []string
	bad := func(cond bool, what string) {
		if cond {
			p = append(p, what)
		}
	}
	bad(r.Players < 2 || r.Players > MaxPlayers, itoa(r.Players)+" players: Hand and Foot takes 2 to 8 (set Players)")
	bad(r.Teams < 2 || r.Teams > MaxPlayers || (r.Players > 0 && r.Players%r.Teams != 0),
		itoa(r.Players)+" players cannot sit in "+itoa(r.Teams)+" equal teams (set Teams)")
	bad(r.Decks < r.Players+r.MinExtraDecks, itoa(r.Decks)+" decks: these rules need at least "+itoa(r.Players+r.MinExtraDecks)+" for "+itoa(r.Players)+" players (set Decks, or use WithLayout)")
	bad(r.Decks > MaxDecks || r.JokersPerDeck < 0 || r.JokersPerDeck > MaxJokersPerDeck,
		"at most "+itoa(MaxDecks)+" decks and 0 to "+itoa(MaxJokersPerDeck)+" jokers per deck")
	bad(r.HandSize < 1 || r.HandSize > MaxPacket || r.FootSize < 2 || r.FootSize > MaxPacket,
		"a hand of 1 to "+itoa(MaxPacket)+" cards and a foot of 2 to "+itoa(MaxPacket)+" (a foot of one card picked up by melding the hand leaves a player who can neither meld nor discard)")
	bad(r.ChoosePacket && r.HandSize < 2, "with ChoosePacket either packet may become the foot, so the hand needs 2 cards too")
	bad(r.LookAtPackets && !r.ChoosePacket, "LookAtPackets lets a player look at its packets before choosing one, and these rules choose none: set ChoosePacket, or clear LookAtPackets")
	bad(r.DrawCount < 1 || r.DrawCount > MaxDraw, "a player draws 1 to "+itoa(MaxDraw)+" cards (set DrawCount)")
	bad(r.Players*(r.HandSize+r.FootSize)+1 > r.Decks*(52+r.JokersPerDeck), "too few cards to deal every hand and foot and turn an upcard: add decks")
	bad(r.Minimums.Len() == 0, "the meld minimum schedule has no entries (set Minimums)")
	bad(r.GoOut.Clean < 0 || r.GoOut.Dirty < 0 || r.GoOutLarge.Clean < 0 || r.GoOutLarge.Dirty < 0 || r.LargeTable < 0, "negative canasta counts to go out")
	if need := r.GoOutCanastas(); r.AskPartner && (need.Clean > family.MaxGoOut || need.Dirty > family.MaxGoOut) {
		p = append(p, "with AskPartner, going out may need at most "+itoa(family.MaxGoOut)+" canastas of each kind (set GoOut)")
	}
	bad(r.Rounds < 0 || (r.Rounds == 0 && r.Target <= 0), "the game needs an end: set Rounds, or Target above 0")
	bad(r.Rounds > MaxRounds, "at most "+itoa(MaxRounds)+" rounds")
	bad(r.Target > MaxBonus*MaxRounds, "Target above "+itoa(MaxBonus*MaxRounds))
	for _, b := range [...]int{r.GoOutBonus, r.CleanBonus, r.DirtyBonus, r.RedThreeBonus} {
		bad(b < 0 || b > MaxBonus, "a bonus of "+itoa(b)+": bonuses are 0 to "+itoa(MaxBonus))
	}
	for c := card.Card(1); c <= card.Joker; c++ {
		v := r.Values.Melded.Points(c)
		if v < 0 {
			p = append(p, c.String()+" is worth "+itoa(v)+" on the table: a card laid never counts against its team (set Values.Melded to 0 or more)")
			break
		}
		if v == 0 && (c == card.Joker || c.Rank() == card.Two || r.Meld.Ranks.Has(c.Rank())) {
			// The first melds of a round are told by the points they lay.
			p = append(p, c.String()+" is worth nothing on the table: every card that can be melded counts at least 1 toward the first-meld minimum (set Values.Melded)")
			break
		}
	}
	bad(r.Meld.BlackThreesOut, "Hand and Foot never melds threes: clear Meld.BlackThreesOut (a rule of Canasta)")
	bad(r.Meld.CleanClosed && r.Meld.CanastaSize <= 3,
		"a clean canasta closed at 3 cards or fewer would close the meld a pile is taken with before the turn could add to it: set Meld.CanastaSize to 4 or more")
	for _, name := range append([]string{r.Name}, r.Names[:]...) {
		if !errs.DisplayName(name, MaxName) {
			p = append(p, "the name "+errs.Quote(name)+": names are valid UTF-8 without control characters, at most "+itoa(MaxName)+" bytes (JSON and every display carry them)")
			break
		}
	}
	if err := r.Meld.Check(); err != nil {
		p = append(p, errs.Unprefixed(err))
	}
	return p
}

// config returns the engine's view of r for a round in which team t must
// reach minimums[t] with its first melds.
func (r Rules) config(shoe []card.Card, minimums [MaxPlayers]int) family.Config {
	return family.Config{
		Pkg: pkg, Players: r.Players, Sides: r.Teams,
		Meld: r.Meld, Values: r.Values.Melded,
		DrawCount:  r.DrawCount,
		SecondMeld: r.SecondMeld, PileOnMeld: r.PileOnMeld,
		GoOut:      family.Canastas(r.GoOutCanastas()),
		AskPartner: r.AskPartner,
		Kinds:      kinds,
		Shoe:       shoe,
		Minimums:   minimums,
	}
}

// teamOf returns the team of seat s: seats alternate teams.
func (r *Rules) teamOf(seat int) int { return seat % r.Teams }

// GoOutCanastas returns the canastas a team needs to go out at this table:
// GoOutLarge at tables of LargeTable players or more, else GoOut.
func (r Rules) GoOutCanastas() Canastas {
	if r.LargeTable > 0 && r.Players >= r.LargeTable {
		return r.GoOutLarge
	}
	return r.GoOut
}

// minimum returns the meld minimum for a team with total score total in
// round round.
func (r Rules) minimum(round, total int) int {
	if r.MinimumByRound {
		return r.Minimums.Minimum(round)
	}
	return r.Minimums.Minimum(total)
}
