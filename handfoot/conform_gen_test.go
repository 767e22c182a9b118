package handfoot

// The random tables and arbitrary actions the conformance harness draws
// for Hand and Foot (see conform_test.go).

import (
	"math"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/internal/family/famtest"
	"github.com/cardrules/cardrules/meld"
)

// randomRules draws a table from rule set A or B at one of the layouts,
// then changes each field, one in four, to a value drawn from a range that
// takes in the odd and the wrong (zero and negative sizes, huge counts,
// negative points): Validate is the one to refuse what cannot be played.
// Every draw of zero keeps the preset's value, so rapid shrinks a failing
// table to the preset with few changes.
func randomRules(rnd conform.Rand) Rules {
	r := conform.Pick(rnd, "preset", []Rules{RulesA(), RulesB()})
	l := conform.Pick(rnd, "layout", conformLayouts)
	r = r.WithLayout(l[0], l[1])
	ch := conform.Changer{R: rnd}
	change, num := ch.Change, ch.Num
	if change("Name") {
		r.Name = conform.Pick(rnd, "name", conform.Names)
	}
	if change("Names") {
		for i := range r.Names {
			r.Names[i] = conform.Pick(rnd, "seatName", conform.Names[:len(conform.Names)-1])
		}
	}
	if change("Players") {
		r.Players = num("players", 2, 3, 4, 5, 6, 7, 8, 0, 1, 9, -1)
	}
	if change("Teams") {
		r.Teams = num("teams", 2, 3, 4, 1, 8, 0, 5, -2)
	}
	if change("MinExtraDecks") {
		r.MinExtraDecks = conform.Range(rnd, "minExtraDecks", -3, 3)
	}
	if change("Decks") {
		r.Decks = num("decks", r.Players+r.MinExtraDecks+1, r.Players+r.MinExtraDecks+3, r.Players, 1, 50, 51, 0, -1)
	}
	if change("JokersPerDeck") {
		r.JokersPerDeck = conform.Range(rnd, "jokers", -1, 5)
	}
	if change("HandSize") {
		r.HandSize = num("handSize", 1, 2, 3, 5, 7, 13, 15, 30, 100, 500, 0, -1)
	}
	if change("FootSize") {
		r.FootSize = num("footSize", 1, 2, 3, 5, 7, 13, 15, 30, 100, 500, 0, -1)
	}
	if change("ChoosePacket") {
		r.ChoosePacket = !r.ChoosePacket
	}
	if change("LookAtPackets") { // Validate refuses it without ChoosePacket
		r.LookAtPackets = !r.LookAtPackets
	}
	if change("DrawCount") {
		r.DrawCount = num("drawCount", 1, 3, 4, 5, 20, 1000, 0, -1)
	}
	r.Meld = conform.RandomPolicy(ch, r.Meld)
	if change("SecondMeld") {
		r.SecondMeld = !r.SecondMeld
	}
	if change("PileOnMeld") {
		r.PileOnMeld = !r.PileOnMeld
	}
	if change("Minimums") {
		r.Minimums = conform.RandomBands(rnd)
	}
	if change("MinimumByRound") {
		r.MinimumByRound = !r.MinimumByRound
	}
	canastas := func(field string) Canastas {
		return Canastas{num(field+"Clean", 0, 1, 2, 3, 5, 100, -1), num(field+"Dirty", 0, 1, 2, 3, 5, 100, -1)}
	}
	if change("GoOut") {
		r.GoOut = canastas("goOut")
	}
	if change("GoOutLarge") {
		r.GoOutLarge = canastas("goOutLarge")
	}
	if change("LargeTable") {
		r.LargeTable = conform.Range(rnd, "largeTable", -1, 9)
	}
	if change("AskPartner") {
		r.AskPartner = !r.AskPartner
	}
	bonus := ch.Bonus
	if change("GoOutBonus") {
		r.GoOutBonus = bonus("goOutBonus")
	}
	if change("CleanBonus") {
		r.CleanBonus = bonus("cleanBonus")
	}
	if change("DirtyBonus") {
		r.DirtyBonus = bonus("dirtyBonus")
	}
	if change("RedThreeBonus") {
		r.RedThreeBonus = bonus("redThreeBonus")
	}
	if change("Melded") {
		r.Values.Melded = conform.RandomTable(rnd, "melded", tableValues())
	}
	if change("Held") {
		r.Values.Held = conform.RandomTable(rnd, "held", tableValues())
	}
	if change("Rounds") {
		r.Rounds = num("rounds", 0, 1, 2, 3, 6, 1000, 1001, -1)
	}
	if change("Target") {
		r.Target = num("target", 0, 1, 500, 3000, 10000, 1_000_000_000, math.MaxInt, -1)
	}
	return r
}

// arbitraryAction makes up an action for s: every kind through its
// constructor, with cards, ranks and melds mostly taken from the hand and
// the team's melds (so that some are legal, with suits Legal would not
// choose), the text of random words through ParseAction, variants of
// legal actions, and forged values no constructor builds.
func arbitraryAction(rnd conform.Rand, s State, legal []Action) Action {
	r := s.Rules()
	seat := max(s.Turn(), 0)
	hand := s.Hand(seat).Cards()
	var melds []meld.RankMeld
	if r.Teams > 0 {
		melds = s.Melds(seat % r.Teams)
	}
	arb := famtest.Arbitrary[Action]{Picker: famtest.Picker{R: rnd, Hand: hand}, Legal: legal, Parse: ParseAction, Words: actionWords,
		Shift:     func(a Action, d uint8) Action { a.f.Target += d; return a },
		DiscardOf: Discard, PlainActions: []Action{Ask(), Answer(true), Answer(false), TakeBack(), Next()}}
	anyCard, anyRank, layCards := arb.Card, arb.Rank, arb.Lay
	anyRef := func() Ref {
		if len(melds) > 0 && conform.Range(rnd, "refFromMeld", 0, 3) > 0 {
			i := rnd.IntN("meld", len(melds))
			n := 0
			for _, m := range melds[:i+1] {
				if m.Rank() == melds[i].Rank() {
					n++
				}
			}
			return Ref{melds[i].Rank(), n - 1}
		}
		return Ref{anyRank(), conform.Range(rnd, "refIndex", -2, 3)}
	}
	switch conform.Range(rnd, "arbitraryKind", 0, 15) {
	case 0:
		return Draw()
	case 1:
		return Take()
	case 2:
		// Onto a meld number of the team, of any rank (a take names only
		// the number: the rank is the upcard's), or an odd one.
		a, _ := TakeTo(anyRef().Index)
		return a
	case 3, 4:
		a, _ := Meld(layCards(anyRank())...) // a failed constructor gives the zero Action, which Apply must refuse
		return a
	case 5, 6:
		ref := anyRef()
		a, _ := Add(ref, layCards(ref.Rank)...)
		return a
	case 7:
		c := conform.Pick(rnd, "redThree", []card.Card{red3D, red3H})
		if conform.OneIn(rnd, "otherCard", 4) {
			c = anyCard("layCard")
		}
		a, _ := LayRed(c, anyRef())
		return a
	case 8:
		return arb.Discard()
	case 9:
		return arb.Plain()
	case 10:
		a, _ := Choose(conform.Range(rnd, "packet", -2, 2))
		return a
	case 11, 12:
		return arb.Text()
	case 13:
		return arb.Variant()
	}
	return Action{f: arb.Forged()}
}

// actionWords are words of the action texts, good and bad.
var actionWords = []string{
	"draw", "take", "meld", "add", "lay", "discard", "back", "ask", "yes", "no", "packet", "next",
	"takeback", "undo", "y", "n", "to", "on", "onto", "new", "1", "2", "3", "0", "#", "9#2", "7#0",
	"A", "4", "7", "10", "T", "K", "2", "3", "JK", "3H", "3D", "3C", "7H", "7C", "2C", "KS", "1X", ",", "draw2", "\xff",
}
