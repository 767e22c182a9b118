package handfoot

// Hand and Foot under the conformance harness (internal/conform): the
// harness plays random games and checks the contract every game of the
// library keeps; this file tells it how to build and read Hand and Foot,
// and adds the checks only Hand and Foot knows (its meld policy, its exact
// scoring, who acts in which phase, what a View shows).
//
// The default run takes a few seconds. A long campaign over random tables:
//
//	CARDRULES_GAMES=2000 go test -run 'TestConform/random/campaign' -v ./handfoot
//
// and the one game of a failure report:
//
//	CARDRULES_REPLAY='{"Seed":...,"Rules":{...}}' go test -run 'TestConform/random/campaign' -v ./handfoot

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/meld"

	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/family/famtest"
)

// TestConform runs the harness over the presets (rule sets A and B, and B
// with a look at both packets before choosing, at every layout) and over
// random tables (every field of Rules drawn, wild values included, the
// tables Validate accepts played): a rapid check of the start of many
// games, and a campaign of whole games. The two run side by side.
func TestConform(t *testing.T) { conform.Suite(t, quickGame, wholeGames()) }

// quickGame is conformGame with, in the quick loop, the step checks on one
// step in 4 (see conform.Game.CheckOneIn); under CARDRULES_FULL, as
// conformGame sets them.
func quickGame() *conform.Game[Rules, State, Action, View] {
	g := conformGame()
	if !conform.Full() {
		g.CheckOneIn = max(g.CheckOneIn, 4)
	}
	return g
}

// wholeGames is how many whole games a campaign is asked for: 6, or 3 in
// the quick loop, of which the harness plays one (see conform.Full).
func wholeGames() int {
	if conform.Full() {
		return 6
	}
	return 3
}

// conformGame is Hand and Foot as the harness sees it.
func conformGame() *conform.Game[Rules, State, Action, View] {
	return famtest.Conform(conform.Game[Rules, State, Action, View]{
		Pkg:             pkg,
		Presets:         conformPresets(),
		RandomRules:     randomRules,
		New:             New,
		Same:            Equivalent,
		ArbitraryAction: arbitraryAction,
		Resample:        resample,
		Determinizing:   func(s State) bool { return s.Phase() < RoundOver },
		MaxLegal:        maxLegal,
		Describe:        describe,
		CheckMelds:      checkMelds,
		CheckScore:      checkScore,
		CheckState:      checkState,
		GameEnds:        endsGame,
		CheckStep:       checkStep,
		CheckView:       checkView,
	}, layout, legalKey)
}

// layout is a table's seats and shoe.
func layout(r Rules) famtest.Layout {
	return famtest.Layout{Players: r.Players, Decks: r.Decks, Jokers: r.JokersPerDeck}
}

// conformLayouts are the table layouts of the text, players x teams.
var conformLayouts = [][2]int{{2, 2}, {3, 3}, {4, 4}, {4, 2}, {5, 5}, {6, 6}, {6, 3}, {6, 2}, {7, 7}, {8, 8}, {8, 4}, {8, 2}}

// conformPresets are rule sets A, B, and B with a look at both packets
// before choosing (LookAtPackets), at every layout.
func conformPresets() []Rules {
	var out []Rules
	for _, l := range conformLayouts {
		b := RulesB().WithLayout(l[0], l[1])
		b.LookAtPackets = true
		out = append(out, RulesA().WithLayout(l[0], l[1]), RulesB().WithLayout(l[0], l[1]), b)
	}
	return out
}

// targetRounds is the most rounds a game to a Target may take: it ends
// after MaxRounds if no team passes the target (random play takes rule set
// A past 10000 in about four).
const targetRounds = MaxRounds

// maxLegal is the bound on len(Legal(s)) that AppendLegal documents: for
// each new meld and each of the team's melds, the natural cards times the
// twos times the jokers the hand could lay on it; then the takes, the red
// threes (two per meld), the discards (one per card) and the few plain
// actions.
func maxLegal(s State) int {
	hand, ok := famtest.TurnHand(s)
	if !ok {
		return 0
	}
	melds := s.Melds(s.Turn() % s.Rules().Teams)
	return 8 + 53 + 3*len(melds) + famtest.MaxLays(s.Rules().Meld, hand, melds)
}

// describe says where a game stands, for failure reports.
func describe(s State) string {
	seat := s.Turn()
	return fmt.Sprintf("round %d, %v, seat %d's turn, seat %d to act, hand [%v], in foot %v, upcard %v, pile %d, stock %d, totals %v",
		s.Round(), s.Phase(), seat, s.ToAct(), s.Hand(seat), s.InFoot(seat), s.Upcard(), s.PileSize(), s.StockSize(), s.Totals())
}

// legalKey is an action's place in Legal's documented order: by kind;
// takes with a new meld first, then onto the team's melds in order; melds
// by rank and adds by the target meld's place among the team's melds, then
// by natural cards, twos and jokers; red threes by card, then target meld;
// discards by card; answers yes first; packets in order (see
// famtest.LegalKey, which orders what both games order alike). Actions
// that differ only in suits get one key, so a strictly increasing Legal
// lists one of each.
func legalKey(s State, a Action) []int {
	k := famtest.LegalKey(a.f, 6)
	ref, hasRef := a.Target()
	place := func() int {
		n := 0
		for i, m := range s.Melds(s.Turn() % s.Rules().Teams) {
			if m.Rank() == ref.Rank {
				if n++; n == ref.Index+1 {
					return i
				}
			}
		}
		return -1
	}
	switch a.Kind() {
	case KindTake:
		if hasRef {
			k[1] = ref.Index + 1
			if ref.Rank != 0 {
				k[1] = place() + 1 // a wild upcard's take: by the meld's place among the team's melds
			}
		}
	case KindMeld:
		k[1] = int(a.Rank())
	case KindAdd:
		k[1] = place()
	case KindLayRed:
		k[1], k[2] = int(a.Card()), place()
	case KindChoose:
		k[1] = a.Packet()
	}
	return k
}

// resample deals the cards seat cannot see afresh among the places they
// are in, each keeping its size: the other seats' hands and feet, seat's
// own face-down foot unless it looked at both packets to choose its hand
// (LookAtPackets), seat's own two packets while it chooses face down, the
// stock, and the pile under the upcard; and gives the
// next rounds another generator. What the View's contract says seat cannot see. It works on
// the State as it stands (a Position replays the turn's actions, which
// other hidden cards would not replay), keeping the turn's fixed point
// consistent for TakeBack.
func resample(s State, seat int, seed uint64) (State, error) {
	if !s.validSeat(seat) {
		return State{}, fmt.Errorf("%w: seat %d is not a seat of the game", ErrPosition, seat)
	}
	t := s.t
	rd := *s.r
	seen := rd.rules.ChoosePacket && rd.rules.LookAtPackets // the seat looked at both its packets to choose
	packet := func(i int) (hand, foot int) {                // which packet is the hand, which the foot
		if s.swapped&(1<<i) != 0 {
			return 1, 0
		}
		return 0, 1
	}
	hidden := famtest.Hidden{Seat: seat}
	var feet []int // the seats whose foot is face down, in Extra's order
	for i := range rd.rules.Players {
		if !t.IsFinal(i) && (i != seat || !seen) {
			_, f := packet(i)
			hidden.Extra = append(hidden.Extra, rd.packets[i][f])
			feet = append(feet, i)
		}
	}
	// Choosing face down, the seat has not seen the packet it holds as
	// its hand until it chooses either.
	blind := t.Phase == family.Choosing && s.chosen&(1<<seat) == 0 && !seen
	if blind {
		hidden.Extra = append(hidden.Extra, t.Hands[seat])
	}
	var extra []card.Multiset
	t, rd.cfg.Shoe, extra = famtest.Reshuffle(t, &s.r.cfg, hidden, seed)
	for k, i := range feet {
		_, f := packet(i)
		rd.packets[i][f] = extra[k]
	}
	if blind {
		h, _ := packet(seat)
		t.Hands[seat], rd.packets[seat][h] = extra[len(feet)], extra[len(feet)]
	}
	for i := range rd.rules.Players {
		h, _ := packet(i)
		if i != seat && (t.Phase == family.Choosing && s.chosen&(1<<i) == 0 || !t.IsFinal(i)) {
			rd.packets[i][h] = t.Hands[i]
		}
	}
	rd.rng = deck.NewRNG(seed ^ 0x5eed)
	out := s
	out.r, out.t = &rd, t
	return out, nil
}

// checkMelds checks every meld on the table against the table's meld
// policy.
func checkMelds(s State) error {
	r := s.Rules()
	p := r.Meld
	for team := range r.Teams {
		for i, m := range s.Melds(team) {
			what := fmt.Sprintf("team %d meld %d %v", team, i, m)
			switch {
			case p.Validate(m) != nil:
				return fmt.Errorf("%s breaks a meld rule: %v", what, p.Validate(m))
			case !p.Ranks.Has(m.Rank()):
				return fmt.Errorf("%s: rank %v is not meldable", what, m.Rank())
			case p.Ratio == meld.MoreNatural && m.Wilds() >= m.Naturals():
				return fmt.Errorf("%s: %d wild cards and only %d natural", what, m.Wilds(), m.Naturals())
			case p.CleanClosed && p.Class(m) == meld.Clean && m.Len() > p.CanastaSize:
				return fmt.Errorf("%s: a clean canasta of %d cards, closed at %d", what, m.Len(), p.CanastaSize)
			case !p.RedThreeOnClean && m.RedThrees() != 0:
				return fmt.Errorf("%s: red threes laid under rules without them", what)
			case m.RedThrees() != 0 && (m.Wilds() != 0 || p.Class(m) != meld.Clean):
				return fmt.Errorf("%s: a red three on a meld that is not a clean canasta", what)
			}
		}
	}
	if extra := s.Melds(r.Teams); len(extra) != 0 {
		return fmt.Errorf("melds of team %d, which does not exist: %v", r.Teams, extra)
	}
	return nil
}

// checkScore checks Score, Results and Totals (see famtest.Scores.Check:
// each round's score is its breakdown's total and what the rules make of
// the cards, totals accumulate), and that a game over ended when the rules
// say and names its winners.
func checkScore(s State) error {
	r := s.Rules()
	results := s.Results()
	sc := famtest.Scores{
		Round: s.Round(), Over: s.Phase() == RoundOver || s.Phase() == GameOver,
		Teams: r.Teams, Players: r.Players,
		Results: make([]family.Result, len(results)), Score: s.Score(), Totals: s.Totals(),
		Items: scoreItems[:],
	}
	for k, res := range results {
		sc.Results[k] = res.line()
	}
	if err := sc.Check(func(team, wentOut int) int { return roundScore(s, team, wentOut) }); err != nil {
		return err
	}
	if s.Over() {
		return checkGameOver(s)
	}
	return nil
}

// roundScore scores team's round from the public accessors: canastas, red
// threes on clean canastas, cards on the table, minus cards in hand and
// foot, and the going-out bonus.
func roundScore(s State, team, wentOut int) int {
	r := s.Rules()
	total := 0
	for _, m := range s.Melds(team) {
		switch r.Meld.Class(m) {
		case meld.Clean:
			total += r.CleanBonus + m.RedThrees()*r.RedThreeBonus
		case meld.Dirty:
			total += r.DirtyBonus
		}
		total += r.Values.Melded.Sum(m.Multiset())
	}
	for seat := team; seat < r.Players; seat += r.Teams {
		total += r.Values.Held.Sum(s.Hand(seat)) + r.Values.Held.Sum(s.Foot(seat))
	}
	if wentOut >= 0 && wentOut%r.Teams == team {
		total += r.GoOutBonus
	}
	return total
}

// checkGameOver checks a game that has ended: after the last round, or
// after the first round that took a team above the target; the winners
// are the teams with the best total.
func checkGameOver(s State) error {
	r := s.Rules()
	totals := s.Totals()
	if err := famtest.CheckWinners(s.Winners(), totals); err != nil {
		return err
	}
	best := slices.Max(totals)
	switch {
	case r.Rounds > 0 && s.Round() != r.Rounds:
		return fmt.Errorf("the game ended after round %d of %d", s.Round(), r.Rounds)
	case r.Rounds == 0 && best <= r.Target && s.Round() != MaxRounds:
		return fmt.Errorf("the game ended in round %d with totals %v, none above %d", s.Round(), totals, r.Target)
	}
	if r.Rounds == 0 {
		results := s.Results()
		for _, res := range results[:len(results)-1] {
			for _, ts := range res.Teams {
				if ts.Total > r.Target {
					return fmt.Errorf("round %d already took team %d to %d, above %d, but play went on", res.Number, ts.Team, ts.Total, r.Target)
				}
			}
		}
	}
	return nil
}

// checkState checks who acts in each phase, and that a game to a target
// ends within targetRounds rounds.
func checkState(s State) error {
	// Legal and Apply note whether the player can go out on their own
	// copy of the table only; a State handed back holds no such note.
	if s.t.Note != nil {
		return errors.New("the State holds the going-out note of the copy Legal or Apply worked on: clear t.Note before handing a State back")
	}
	r := s.Rules()
	if r.Rounds == 0 && s.Round() > targetRounds {
		return fmt.Errorf("%w: round %d of a game to %d, totals %v", conform.ErrEndless, s.Round(), r.Target, s.Totals())
	}
	switch ph := s.Phase(); ph {
	case GameOver:
		if s.ToAct() != -1 || !s.Over() {
			return fmt.Errorf("game over but ToAct %d, Over %v", s.ToAct(), s.Over())
		}
	case Choosing, Drawing, Opening, Melding, RoundOver, Answering:
		if s.Over() || s.Turn() < 0 || s.Turn() >= r.Players {
			return fmt.Errorf("phase %v: Over %v, Turn %d", ph, s.Over(), s.Turn())
		}
		switch {
		case ph == Answering:
			if want := (s.Turn() + r.Teams) % r.Players; s.ToAct() != want || s.ToAct() == s.Turn() {
				return fmt.Errorf("answering: ToAct %d, want the partner %d of seat %d", s.ToAct(), want, s.Turn())
			}
		case ph != RoundOver && s.ToAct() != s.Turn():
			return fmt.Errorf("phase %v: ToAct %d differs from Turn %d", ph, s.ToAct(), s.Turn())
		}
	default:
		return fmt.Errorf("unknown phase %d", ph)
	}
	return nil
}

// checkStep checks what a legal action did: the rules stay, a new round
// starts with the next seat, and only a discard (or the last choice of
// packet) passes the turn, to the next seat and team.
func checkStep(s State, a Action, next State) error {
	r := s.Rules()
	if next.Rules() != r {
		return fmt.Errorf("%q changed the rules", a)
	}
	if next.Round() != s.Round() {
		if a.Kind() != KindNext || next.Round() != s.Round()+1 {
			return fmt.Errorf("%q went from round %d to round %d", a, s.Round(), next.Round())
		}
		start, _ := next.FirstPlayer()
		if want := (start + next.Round() - 1) % r.Players; next.Turn() != want {
			return fmt.Errorf("round %d starts with seat %d, want %d (seat %d started round 1)", next.Round(), next.Turn(), want, start)
		}
		return nil
	}
	if next.Turn() != s.Turn() {
		if want := (s.Turn() + 1) % r.Players; next.Turn() != want {
			return fmt.Errorf("%q passed the turn from seat %d to seat %d, want %d", a, s.Turn(), next.Turn(), want)
		}
		if a.Kind() != KindDiscard && a.Kind() != KindChoose {
			return fmt.Errorf("%q passed the turn", a)
		}
	} else if a.Kind() == KindDiscard && next.Phase() != RoundOver && next.Phase() != GameOver {
		return fmt.Errorf("%q did not pass the turn (phase %v)", a, next.Phase())
	}
	return nil
}

// checkView checks seat's View against the State's accessors: the header,
// the stock and pile, the seat's hand and foot (nothing of them before it
// has chosen its packet), the turn's melding, every seat's and team's
// public counts and melds, the results, and the actions shown.
func checkView(s State, seat int, v View) error {
	r := s.Rules()
	looked := func(p int) bool { return s.Phase() != Choosing || s.chosen&(1<<p) != 0 }
	turnTeam := s.Turn() % r.Teams
	switch {
	case v.Seat != seat || v.Team != seat%r.Teams || v.Rules != r || v.Round != s.Round() || v.Phase != s.Phase() ||
		v.ToAct != s.ToAct() || v.Turn != s.Turn():
		return fmt.Errorf("header %d %d %d %v %d %d differs from the state", v.Seat, v.Team, v.Round, v.Phase, v.ToAct, v.Turn)
	case v.StockSize != s.StockSize() || v.PileSize != s.PileSize() || v.Upcard != s.Upcard():
		return fmt.Errorf("stock %d, pile %d, upcard %v; state: %d, %d, %v", v.StockSize, v.PileSize, v.Upcard, s.StockSize(), s.PileSize(), s.Upcard())
	case looked(seat) && (v.Hand != s.Hand(seat) || v.Foot != s.Foot(seat).Len()):
		return fmt.Errorf("hand %v, foot %d; state: %v, %d", v.Hand, v.Foot, s.Hand(seat), s.Foot(seat).Len())
	case !looked(seat) && (!v.Hand.IsEmpty() || v.Foot != 0):
		return fmt.Errorf("before choosing it shows hand %v, foot %d", v.Hand, v.Foot)
	case v.LaidThisTurn != s.LaidThisTurn() || v.MinimumMet != (s.Down(turnTeam) || s.LaidThisTurn() >= s.Minimum(turnTeam)):
		return fmt.Errorf("laid %d, minimum met %v; state: laid %d, down %v, minimum %d", v.LaidThisTurn, v.MinimumMet, s.LaidThisTurn(), s.Down(turnTeam), s.Minimum(turnTeam))
	case len(v.Players) != r.Players || len(v.Teams) != r.Teams:
		return fmt.Errorf("%d players, %d teams", len(v.Players), len(v.Teams))
	case !slices.EqualFunc(v.Results, s.Results(), sameResult):
		return fmt.Errorf("results %+v, state %+v", v.Results, s.Results())
	}
	for p, pv := range v.Players {
		hand, foot := s.Hand(p).Len(), s.Foot(p).Len()
		if !looked(p) {
			hand, foot = r.HandSize, r.FootSize
		}
		if pv.Seat != p || pv.Team != p%r.Teams || pv.Hand != hand || pv.Foot != foot || pv.InFoot != s.InFoot(p) {
			return fmt.Errorf("seat %d: %+v; state: hand %d, foot %d, in foot %v", p, pv, hand, foot, s.InFoot(p))
		}
	}
	totals := s.Totals()
	for t, tv := range v.Teams {
		if tv.Team != t || !slices.Equal(tv.Melds, s.Melds(t)) || tv.Down != s.Down(t) || tv.Minimum != s.Minimum(t) || tv.Total != totals[t] {
			return fmt.Errorf("team %d: %+v; state: melds %v, down %v, minimum %d, total %d", t, tv, s.Melds(t), s.Down(t), s.Minimum(t), totals[t])
		}
	}
	return famtest.CheckShownLegal(seat, s.ToAct(), v.Legal, func() []Action { return Legal(s) })
}

func sameResult(a, b RoundResult) bool { return a.equal(b) }

// TestResampleKeepsWhatTheSeatSees checks the adapter's Resample (see
// famtest.CheckResample): it changes what the seat cannot see, so the
// secrecy check has teeth, and nothing it can (its hand and the table's
// melds), and keeps the cards. A seat that is none is refused.
func TestResampleKeepsWhatTheSeatSees(t *testing.T) {
	famtest.CheckResample(t, RulesA(), New, resample, func(s, other State, _ int) bool {
		return slices.Equal(other.Melds(0), s.Melds(0))
	})
	if _, err := resample(State{}, 0, 1); !errors.Is(err, ErrPosition) {
		t.Errorf("Resample of the zero State: %v", err)
	}
}

// TestConformGoingOut plays the harness's campaign with a player that
// melds whenever it can, so that rounds end with a player going out (random
// play almost never gets there) and the score checks see the going-out
// bonus, the foot picked up and played, and the canastas going out needs.
func TestConformGoingOut(t *testing.T) {
	g := quickGame()
	if raceDetector {
		// The race detector's share of the games leaves one game, whose
		// rounds' ends must all be checked.
		g = conformGame()
	}
	g.RandomRules = nil
	wentOut := 0
	check := g.CheckScore
	g.CheckScore = func(s State) error {
		if rs := s.Results(); (s.Phase() == RoundOver || s.Phase() == GameOver) && rs[len(rs)-1].WentOut >= 0 {
			wentOut++
		}
		return check(s)
	}
	g.Policy = meldFirst
	st := conform.Campaign(t, g, wholeGames(), 7)
	t.Logf("%d of the positions checked ended a round by going out: %s", wentOut, st)
	if wentOut == 0 {
		t.Errorf("no round of the campaign ended with a player going out")
	}
}

// meldFirst picks, at random, a meld, an addition or a red three laid if
// any is legal; else a yes to the question, or the draw; else any action
// but a take-back. One time in four it picks any action but a take-back,
// so that a meld the first-meld minimum makes it take back is not tried
// for ever.
func meldFirst(r conform.Rand, _ State, legal []Action) Action {
	pick := func(ok func(Action) bool) (Action, bool) {
		var some []Action
		for _, a := range legal {
			if ok(a) {
				some = append(some, a)
			}
		}
		if len(some) == 0 {
			return Action{}, false
		}
		return some[r.IntN("policy", len(some))], true
	}
	if r.IntN("policy", 4) == 0 {
		if a, found := pick(func(a Action) bool { return a.Kind() != KindTakeBack }); found {
			return a
		}
	}
	for _, ok := range []func(Action) bool{
		func(a Action) bool { k := a.Kind(); return k == KindMeld || k == KindAdd || k == KindLayRed },
		func(a Action) bool { return a == Answer(true) || a.Kind() == KindAsk || a.Kind() == KindDraw },
		func(a Action) bool { return a.Kind() != KindTakeBack },
	} {
		if a, found := pick(ok); found {
			return a
		}
	}
	return legal[r.IntN("policy", len(legal))]
}

// endsGame reads the end of a game from a scored round: a game of a set
// number of rounds (rule set B: "Four Rounds make up a full game.") ends
// after the last of them; a game to a target (rule set A: "A game is
// played until one Team achieves a score above a threshold (default
// 10000).") ends after the first round that takes a team's total above
// it, and, whatever the table, no game plays more than MaxRounds rounds.
func endsGame(s State) (scored, ends bool) {
	if s.Phase() != RoundOver && s.Phase() != GameOver {
		return false, false
	}
	r := s.Rules()
	if r.Rounds > 0 {
		return true, s.Round() >= r.Rounds || s.Round() >= MaxRounds
	}
	return true, slices.Max(s.Totals()) > r.Target || s.Round() >= MaxRounds
}
