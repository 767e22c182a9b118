package canasta

import (
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
)

// Phase is where a round stands.
type Phase uint8

// The phases of a round. (The numbers are Hand and Foot's for the same
// phases.)
const (
	// Drawing: the player to act draws from the stock or takes the pile.
	Drawing Phase = 2
	// Opening: the pile is being taken for the team's first melds; the
	// player lays more cards from the hand until the melds reach the
	// minimum, when the pile joins the hand, or takes the take back.
	Opening Phase = 3
	// Melding: the player has drawn; it melds, then discards.
	Melding Phase = 4
	// Answering: the partner answers "May I go out?".
	Answering Phase = 5
	// RoundOver: the round has been scored; [Next] deals the next.
	RoundOver Phase = 6
	// GameOver: the game has ended.
	GameOver Phase = 7
)

// String names the phase: "drawing", "melding", "round over", ...
func (p Phase) String() string {
	if p == Phase(family.Choosing) {
		return "invalid" // Hand and Foot's, not Canasta's
	}
	return family.Phase(p).String()
}

// MarshalText writes the phase's name; a value that is no phase is an
// error wrapping [ErrPosition].
func (p Phase) MarshalText() ([]byte, error) {
	if name := p.String(); name != "invalid" {
		return []byte(name), nil
	}
	return nil, errs.New(pkg, ErrPosition, "phase "+itoa(int(p))+" has no name")
}

// UnmarshalText reads a phase's name; another text is an error wrapping
// [ErrPosition], and p is then unchanged.
func (p *Phase) UnmarshalText(text []byte) error {
	f, ok := family.ParsePhase(string(text))
	if !ok || f == family.Choosing {
		return errs.New(pkg, ErrPosition, "unknown phase "+errs.QuoteBytes(text))
	}
	*p = Phase(f)
	return nil
}

// Canastas is a number of natural and mixed canastas. The idea is Hand and
// Foot's Canastas, whose words are clean and dirty: each game keeps its
// own players' words (a natural canasta has no wild card, a mixed one
// has).
type Canastas struct {
	Natural int `json:"natural"`
	Mixed   int `json:"mixed"`
}

// round is what stays the same through a round (a hand): the States of
// the round share it, and nothing writes it once it is built.
type round struct {
	rules         Rules
	cfg           family.Config   // the rules as the engine reads them, with the round's shoe
	number, first int             // the round's number, from 1, and the seat that began it
	totals        [MaxPlayers]int // the teams' totals before the round
	results       []RoundResult   // the rounds before
	rng           deck.RNG        // the shuffle of the next round
	game          *origin         // how the game began, for its record
	// prev is the round before, and begins the number of the round's first
	// action in the game: the log's entries find their round by them.
	prev   *round
	begins int
	// shoeBuf holds the shoe of a round Next deals, when it fits (Classic's
	// and the two-player game's 108 cards do).
	shoeBuf [108]card.Card
}

// of returns the round action number i of the game was played in: rd or
// one before it. A game restored by FromPosition knows no round before
// its own.
func (rd *round) of(i int) *round {
	for i < rd.begins && rd.prev != nil {
		rd = rd.prev
	}
	return rd
}

// State is a game of Canasta at one moment, as an immutable value: [Apply]
// returns a new State and leaves the one it is given alone, so States can
// be kept, compared ([State.Equal]) and shared between goroutines freely.
//
// The zero State holds no game: [State.IsValid] reports false, it is
// Over, and Apply refuses every action on it with an error wrapping
// [ErrNotNow]. States do not compare with ==: [State.Equal] compares two
// positions.
type State struct {
	r *round
	t family.TableOf[[MaxPlayers]card.Multiset] // the turn, hands (of four seats at most), pile and melds
	cn
	h history // how the State was reached: no part of the position ([State.Equal] ignores it)
}

// cn is what a State holds of Canasta's own, beyond the family's table.
type cn struct {
	reds      [MaxPlayers][2]uint8 // red threes each team has laid out: diamonds, hearts
	wentOut   int8                 // seat that went out, or -1
	concealed bool                 // it went out concealed
	// melded has bit s set once seat s can no longer go out concealed this
	// round: it laid cards in an earlier turn, or this turn took the pile
	// onto a meld its team had before.
	melded uint8
	// kept is, while the player to act may still go out concealed, how
	// many of its team's melds (the first, in the order laid) were on the
	// table when its turn began: its partner's, to which it may add
	// nothing. The team's later melds are the player's own, of this turn.
	kept uint8
	// lone is, under Cutthroat, 1 + the seat of the lone hand: 0 while no
	// one has taken the pile this round.
	lone uint8
}

var red3 = [2]card.Card{card.New(card.Three, card.Diamonds), card.New(card.Three, card.Hearts)}

// noRound stands in for the round of the zero State, so that its
// accessors read zero values.
var noRound round

// rd returns s's round, or noRound for the zero State.
func (s *State) rd() *round {
	if s.r == nil {
		return &noRound
	}
	return s.r
}

// Rules returns the table's rules (the zero Rules for the zero State).
func (s State) Rules() Rules { return s.rd().rules }

// Round returns which round (hand) is being played, counting from 1; 0 for
// the zero State.
func (s State) Round() int { return s.rd().number }

// Phase returns the stage of the round: drawing, melding, and so on.
func (s State) Phase() Phase { return Phase(s.t.Phase) }

// ToAct returns the seat to act: the player whose turn it is, or the
// partner while "May I go out?" waits for an answer; after a round, the
// seat that deals the next with [Next]. It is -1 when the game is over or
// the State is the zero State.
func (s State) ToAct() int { return s.toAct() }

// toAct is ToAct, read through a pointer: a method of a State value
// copies the whole State, even inlined.
func (s *State) toAct() int {
	if s.r == nil || s.t.Phase == family.GameOver {
		return -1
	}
	return int(s.t.ToAct)
}

// Turn returns the seat whose turn it is, -1 for the zero State.
func (s State) Turn() int { return int(s.t.Turn) - boolInt(s.r == nil) }

// IsValid reports whether s holds a game. The zero State holds none: it
// is Over, its ToAct is -1 and its Seats 0, and Apply refuses every
// action on it with an error wrapping [ErrNotNow].
func (s State) IsValid() bool { return s.r != nil }

// Over reports whether the last round has been scored: the game is done
// (or s is the zero State).
func (s State) Over() bool { return s.r == nil || s.t.Phase == family.GameOver }

// Hand returns a copy of seat's hand (empty for a seat not at the table).
func (s State) Hand(seat int) card.Multiset {
	var none card.Multiset
	if s.validSeat(seat) {
		return s.t.Hands[seat]
	}
	return none
}

// Upcard returns the card on top of the discard pile: the zero Card when
// the pile is empty, or while it is being taken for a team's first melds.
func (s State) Upcard() card.Card { return s.t.ShownUpcard() }

// PileSize returns how many cards the discard pile holds.
func (s State) PileSize() int { return s.t.Pile.Len() }

// Frozen reports whether the discard pile is frozen for team: the team has
// not made its first melds this round, or the pile holds a wild card or a
// red three. A frozen pile is taken only with a natural pair of the
// upcard's rank from the hand. Under Cutthroat, team is a player, and the
// answer is for the side it plays on now (see [State.LoneHand]), as for
// Melds, Down and Minimum.
func (s State) Frozen(team int) bool { return s.frozen(team) }

// frozen is Frozen, read through a pointer.
func (s *State) frozen(team int) bool {
	return s.validTeam(team) && s.t.Frozen(&s.r.cfg, s.r.side(team))
}

// StockSize returns how many cards are left to draw.
func (s State) StockSize() int { return s.t.StockLeft(&s.rd().cfg) }

// Melds returns team's melds, oldest first, in a new slice. Under
// Cutthroat, once the partners are joined, each partner's are the
// partnership's: the same melds for both.
func (s State) Melds(team int) []meld.RankMeld {
	if !s.validTeam(team) {
		return nil
	}
	return s.t.MeldsOf(s.r.side(team))
}

// RedThrees returns the red threes team has laid out this round, diamonds
// first (a new slice).
func (s State) RedThrees(team int) []card.Card {
	if !s.validTeam(team) {
		return nil
	}
	return s.appendRedThrees(nil, team)
}

// appendRedThrees appends the red threes team has laid out this round,
// diamonds first, to dst.
func (s *State) appendRedThrees(dst []card.Card, team int) []card.Card {
	for i, n := range s.reds[team] {
		for range n {
			dst = append(dst, red3[i])
		}
	}
	return dst
}

// Down reports whether team (under Cutthroat, the side the player plays on
// now) has made its first melds this round.
func (s State) Down(team int) bool { return s.down(team) }

// down is Down, read through a pointer.
func (s *State) down(team int) bool { return s.validTeam(team) && s.t.IsDown(s.r.side(team)) }

// Minimum returns the points team's first melds must still reach this
// round: 0 once the team is down. Under Cutthroat it is the player's own
// minimum, from its own total, while its side is not down.
func (s State) Minimum(team int) int { return s.minimum(team) }

// minimum is Minimum, read through a pointer.
func (s *State) minimum(team int) int {
	if !s.validTeam(team) {
		return 0
	}
	if s.r.rules.Cutthroat {
		if s.t.IsDown(s.r.side(team)) {
			return 0
		}
		return s.r.cfg.Minimums[team]
	}
	return s.t.Minimum(&s.r.cfg, team)
}

// LoneHand returns, under Cutthroat, the seat of the lone hand: the first
// player to take the discard pile this round (or, once the round is over,
// the one who went out before anyone took it). The other two are partners
// from then on, on one side whose melds are joined. Two melds of one rank
// become one, where the older lay. It holds the natural cards of both, and
// their wild cards while a meld may hold more (the older meld's first,
// then the younger's twos, then its jokers). Any wild card left over goes
// back to the hand of the partner who laid the younger meld. The
// partnership plays on the side of the lower seat of the two. LoneHand is
// -1 while no one has taken the pile, and always at another table.
func (s State) LoneHand() int { return int(s.lone) - 1 }

// join makes seat the lone hand and the other two players partners: a
// round of its own (the round's Config decides every seat's side), and
// their melds joined (see LoneHand).
func (s *State) join(seat int) {
	rd := *s.r
	rd.cfg.Joined = uint8(1<<rd.rules.Players-1) &^ (1 << seat)
	s.r, s.lone = &rd, uint8(seat+1)
	into, from := -1, -1
	for p := range rd.rules.Players {
		switch {
		case p == seat:
		case into < 0:
			into = p
		default:
			from = p
		}
	}
	s.t.JoinSides(&rd.cfg, into, from)
	s.t.Fix()
}

// LaidThisTurn returns how many points the player whose turn it is has
// melded this turn toward the team's minimum.
func (s State) LaidThisTurn() int { return s.t.Laid }

// Totals returns the teams' game totals: before this round, or after it
// once it has been scored. Nil for the zero State.
func (s State) Totals() []int {
	if s.r == nil {
		return nil
	}
	totals := s.totals()
	return slices.Clone(totals[:s.r.rules.Teams])
}

// totals returns Totals in an array, for a State of a game.
func (s *State) totals() [MaxPlayers]int {
	totals := s.r.totals
	if n := len(s.r.results); s.roundOver() && n > 0 {
		for team, ts := range s.r.results[n-1].Teams {
			totals[team] = ts.Total
		}
	}
	return totals
}

// roundOver reports whether the round has been scored.
func (s *State) roundOver() bool { return s.t.Phase >= family.RoundOver }

// Equal reports whether s and t are the same position of the game, however
// each was reached: the same rules, round, scores, cards in every place,
// and turn.
func (s State) Equal(t State) bool {
	x, y := s.rd(), t.rd()
	switch {
	case (s.r == nil) != (t.r == nil):
		return false
	case s.cn != t.cn || !family.SameTable(&s.t, &x.cfg, &t.t, &y.cfg):
		return false
	case x == y:
		return true
	}
	return x.rules == y.rules && x.number == y.number && x.first == y.first && x.totals == y.totals &&
		x.rng == y.rng && slices.EqualFunc(x.results, y.results, RoundResult.equal)
}

// Cards returns every card of the round in play, wherever it is: hands,
// stock, discard pile, melds and the red threes laid out. It is always the
// whole shoe, so conservation can be checked from outside.
func (s State) Cards() card.Multiset {
	var all card.Multiset
	if s.r == nil {
		return all
	}
	s.t.TableCards(&s.r.cfg, &all)
	for team := range s.r.rules.Teams {
		_ = all.AddCards(s.RedThrees(team))
	}
	return all
}

func (s *State) validTeam(team int) bool {
	return s.r != nil && team >= 0 && team < s.r.rules.Teams
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (s *State) validSeat(seat int) bool {
	return s.r != nil && seat >= 0 && seat < s.r.rules.Players
}

// Melded reports whether seat has laid cards on the table this round in
// an earlier turn (red threes aside), or this turn has taken the pile onto
// a meld its team had before: such a player can no longer go out concealed.
func (s State) Melded(seat int) bool { return s.validSeat(seat) && s.melded&(1<<seat) != 0 }

// meldedBy is Melded, read through a pointer.
func (s *State) meldedBy(seat int) bool { return s.validSeat(seat) && s.melded&(1<<seat) != 0 }

// teamMelds counts team's melds on the table.
func (s *State) teamMelds(team int) int {
	n := 0
	for _, tm := range s.t.Melds {
		if int(tm.Side) == team {
			n++
		}
	}
	return n
}

// keep notes, as the turn of the player to act begins, how many melds its
// team has: its partner's, when the player may still go out concealed.
func (s *State) keep() {
	seat := int(s.t.Turn)
	s.kept = 0
	if s.melded&(1<<seat) == 0 {
		s.kept = uint8(s.teamMelds(s.r.side(seat)))
	}
}

// outConcealed reports whether seat, going out now, goes out concealed
// (Classic Canasta): it laid nothing in an earlier turn of the round (red
// threes aside), this turn it added no card to the melds its team had
// when the turn began (its partner's), and the melds it began this turn
// include a canasta. Having melded the whole hand in this one turn follows.
func (s *State) outConcealed(seat int) bool {
	if s.melded&(1<<seat) != 0 {
		return false
	}
	team, n, canasta := s.r.side(seat), 0, false
	for i, tm := range s.t.Melds {
		if int(tm.Side) != team {
			continue
		}
		if n < int(s.kept) {
			// The partner's meld, as it was at the turn's fixed point (the
			// take, the only step before it, began a meld of the player's own).
			if i >= len(s.t.BackMelds) || tm != s.t.BackMelds[i] {
				return false
			}
		} else if s.r.rules.Meld.IsCanasta(tm.M) {
			canasta = true
		}
		n++
	}
	return canasta
}
