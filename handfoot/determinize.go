package handfoot

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
)

// Determinize builds, from what one seat sees, a whole State that seat
// could be in, so that a search-based computer player can sample the deals
// it cannot tell apart (information-set Monte Carlo tree search calls this
// resampling from the information state) and search each as if every card
// were known. The seat's View of the State is v.
//
// What v shows is kept: the seat's hand, every meld, the upcard and the
// pile's cards ([View.PileCards]), the counts
// of every hand, foot, pile and stock, and who has picked up the foot. So
// are the totals and the rounds scored, and the turn since its fixed point
// ([View.Since]). So are the seat's own foot when it has seen it
// ([View.FootSeen], under [Rules].LookAtPackets), and its packets when it
// looks at them to choose. What v hides is dealt from the cards v does not
// place, shuffled from seed, which also seeds the next rounds. It hides the
// other hands and every foot still face down. The seat's own foot is hidden
// too unless seen, as when it chose its packet face down. It hides the
// stock's order. (A View of an earlier version, which shows no pile's
// cards, hides the pile under the upcard, which is then dealt too.)
//
// v may stand anywhere in a round in play: while packets are chosen, at
// the start of a turn, after the draw, after meld steps, while the pile is
// taken for the first melds (Opening), while the partner answers. The
// State is dealt at the turn's last fixed point (while packets are chosen,
// the deal), and the actions of [View.Since] are played again from there:
// the hand of the player whose turn it is is its hand and
// [View.LaidCards] at that point, and its team's melds [View.FixedMelds].
// So [TakeBack], the question and its answer go on from the State as they
// would in the game v was seen in.
//
// The deal keeps what v implies. When the turn begins with the stock empty,
// the player to draw can take the pile, or the round would be over. In the
// middle of another seat's turn, its hidden hand holds the cards v saw it lay
// and take back. That hand could also do what the turn did (ask to go out,
// take the pile for the first melds with the pair it laid). The hidden cards
// are dealt again until the deal keeps all this: up to 10,000 times for an
// empty stock, and 1,000 in the middle of a turn. The samples are consistent
// with v, not weighted by how likely the others' play made each.
//
// A View no game gives returns an error wrapping [ErrPosition]. Such a View
// has counts that do not add up, a foot seen under rules that keep it face
// down, or melds of the fixed point the team's melds do not hold. Or it has
// actions since that the position refuses, a position [FromPosition]
// refuses, or one whose View is not v. So does a View that no deal tried
// gives back. A View
// does not name the seat that began the round: the State has the seat
// whose turn it is begin it (while packets are chosen, the seat that chose
// first), which only sets who begins the rounds after.
func Determinize(v View, seed uint64) (State, error) {
	r := v.Rules
	bad := func(what string) (State, error) { return State{}, errs.New(pkg, ErrPosition, what) }
	if r.Teams < 1 || len(v.Players) != r.Players || len(v.Teams) != r.Teams || v.Turn < 0 || v.Turn >= r.Players {
		return bad("the View shows " + itoa(len(v.Players)) + " players and " + itoa(len(v.Teams)) + " teams, seat " +
			itoa(v.Turn) + " to play, for a table of " + itoa(r.Players) + " and " + itoa(r.Teams))
	}
	rng := deck.NewRNG(seed)
	cards, d, problem := v.seen().Unseen(&rng)
	if problem == "" {
		problem = v.packetsProblem()
	}
	if problem != "" {
		return bad(problem)
	}
	return family.Resample(&rng, cards, func(cards []card.Card) (State, error) {
		return v.deal(cards, d, rng.Uint64())
	})
}

// seen returns what v shows as a Determinize reads it: the cards v places,
// and how many lie face down. v lists the rules' players and teams, and its
// turn is one of the seats.
func (v View) seen() family.Seen {
	r := v.Rules
	// What the seat sees placed, and how many cards lie face down.
	placed, faceDown := v.Hand.Cards(), v.StockSize+v.PileSize
	placed = v.FootSeen.AppendCards(placed)
	faceDown -= v.FootSeen.Len()
	switch {
	case v.pileShown():
		placed = v.PileCards.AppendCards(placed)
		faceDown -= v.PileSize
	case v.Upcard != 0:
		placed = append(placed, v.Upcard)
		faceDown--
	}
	blind := v.Phase == Choosing && v.Hand.IsEmpty() // the seat has yet to choose
	for _, p := range v.Packets {
		placed = p.AppendCards(placed)
	}
	for _, t := range v.Teams {
		for _, m := range t.Melds {
			placed = m.AppendCards(placed)
		}
	}
	for seat, pl := range v.Players {
		if seat != v.Seat || blind && v.Packets[0].IsEmpty() {
			faceDown += pl.Hand
		}
		if seat != v.Seat || v.Packets[1].IsEmpty() {
			faceDown += pl.Foot
		}
	}
	seen := family.Seen{
		Players: r.Players, Teams: r.Teams, Decks: r.Decks, Jokers: r.JokersPerDeck,
		Shown: [2]int{len(v.Players), len(v.Teams)}, Seat: v.Seat, Turn: v.Turn, Round: v.Round,
		Phase: family.Phase(v.Phase), Placed: placed, FaceDown: faceDown,
		Upcard: v.Upcard, Pile: v.PileSize, TurnHand: v.Players[v.Turn].Hand,
		Since: make([]family.Action, len(v.Since)), Melds: v.Teams[r.teamOf(v.Turn)].Melds, Fixed: v.FixedMelds, Laid: v.LaidCards,
	}
	for i, a := range v.Since {
		seen.Since[i] = a.f
	}
	return seen
}

// packetsProblem returns what is wrong with what v shows of the packets
// and the foot, or "": while packets are chosen the pile is the upcard
// alone, and a foot seen is one the rules let the seat look at, of the
// foot's size.
func (v View) packetsProblem() string {
	switch {
	case v.Phase == Choosing && v.PileSize != 1:
		return "while packets are chosen the pile is the upcard alone"
	case v.FootSeen.IsEmpty():
	case !v.Rules.LookAtPackets:
		return "the View's footSeen shows a foot its rules keep face down (they do not set LookAtPackets)"
	case v.FootSeen.Len() != v.Foot:
		return "the View's footSeen holds " + itoa(v.FootSeen.Len()) + " cards for a foot of " + itoa(v.Foot)
	}
	return ""
}

// deal deals the unseen cards, shuffled, to the places v does not show:
// the other hands, the feet, the pile under the upcard when v shows no
// pile's cards, and the stock, at
// the turn's fixed point d, and plays the actions since; seed seeds the
// next rounds.
func (v View) deal(cards []card.Card, d family.Fix, seed uint64) (State, error) {
	r := v.Rules
	deal := func(n int) card.Multiset {
		var m card.Multiset
		n = min(max(n, 0), len(cards)) // the position refuses a View whose counts are not what it shows
		_ = m.AddCards(cards[:n])
		cards = cards[n:]
		return m
	}
	p := Position{
		Rules: r, Round: v.Round, Totals: make([]int, r.Teams), Results: v.Results, Phase: Phase(d.Phase), Turn: v.Turn, WentOut: -1,
		Seats: make([]SeatPosition, r.Players), Down: make([]bool, r.Teams), RNG: deck.NewRNG(seed),
		LaidThisTurn: v.LaidThisTurn, Late: v.Late,
	}
	if d.Phase == family.Choosing {
		// The round's first player chose first, and the actions since are
		// the choices made.
		p.Turn = ((v.Turn-len(v.Since))%r.Players + r.Players) % r.Players
	}
	p.First = ((p.Turn-v.Round+1)%r.Players + r.Players) % r.Players
	mid := len(v.Since) > 0 && d.Phase != family.Choosing // past the turn's fixed point
	if mid {
		p.LaidThisTurn = v.FixedLaid
	}
	for seat, pl := range v.Players {
		if d.Phase == family.Choosing {
			p.Seats[seat] = v.packets(seat, deal)
			continue
		}
		sp := SeatPosition{InFoot: pl.InFoot, Hand: v.Hand}
		if seat != v.Seat {
			var known card.Multiset // the cards of it every seat knows
			if seat == v.Turn {
				known = d.Back
			}
			sp.Hand = deal(pl.Hand - known.Len())
			_ = sp.Hand.AddAll(known)
		}
		if seat == v.Seat && !v.FootSeen.IsEmpty() {
			sp.Foot = v.FootSeen
		} else {
			sp.Foot = deal(pl.Foot)
		}
		if mid && seat == v.Turn {
			_ = sp.Hand.AddAll(v.LaidCards) // the hand at the fixed point
		}
		p.Seats[seat] = sp
	}
	team := r.teamOf(v.Turn)
	for t, tv := range v.Teams {
		p.Totals[t], p.Down[t] = tv.Total, tv.Down
		melds := tv.Melds
		if mid && t == team {
			melds = v.FixedMelds
		}
		for _, m := range melds {
			p.Melds = append(p.Melds, TeamMeld{Team: t, Meld: m})
		}
	}
	if v.pileShown() { // the pile's cards are known: none is dealt
		known := v.PileCards
		_ = known.Remove(v.Upcard)
		p.Pile = known.Cards()
	} else {
		under := v.PileSize
		if v.Upcard != 0 {
			under--
		}
		p.Pile = deal(under).Cards()
	}
	switch {
	case d.Taking != 0:
		p.Pile = append(p.Pile, d.Taking) // back where it was taken from
	case v.Upcard != 0:
		p.Pile = append(p.Pile, v.Upcard)
	}
	p.Stock = cards
	s, err := FromPosition(p)
	if err != nil {
		return State{}, err
	}
	return family.Dealt(pkg, ErrPosition, s, v.Since, Apply, d.Hidden, v, v.Seat, State.View)
}

// packets returns seat's packets as dealt, while packets are chosen: a
// seat yet to choose holds both as dealt (the View's own, when it looks
// at them), and the View's seat, once it has chosen, its hand and foot in
// the order its choice among the actions since the deal says. The cards
// the View does not show are dealt.
func (v View) packets(seat int, deal func(int) card.Multiset) SeatPosition {
	r := v.Rules
	first := ((v.Turn-len(v.Since))%r.Players + r.Players) % r.Players
	k := (seat - first + r.Players) % r.Players // the seat's place in the order of choosing
	switch {
	case seat != v.Seat || k >= len(v.Since) && v.Packets[0].IsEmpty():
		return SeatPosition{Hand: deal(r.HandSize), Foot: deal(r.FootSize)}
	case k >= len(v.Since):
		return SeatPosition{Hand: v.Packets[0], Foot: v.Packets[1]}
	}
	sp := SeatPosition{Hand: v.Hand, Foot: v.FootSeen}
	if sp.Foot.IsEmpty() {
		sp.Foot = deal(v.Foot)
	}
	if v.Since[k].Packet() == 1 {
		sp.Hand, sp.Foot = sp.Foot, sp.Hand
	}
	return sp
}

// pileShown reports whether v shows the pile's cards ([View.PileCards]),
// as every View of this version does; a View of an earlier version shows
// only the upcard.
func (v View) pileShown() bool { return !v.PileCards.IsEmpty() }
