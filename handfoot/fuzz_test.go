package handfoot

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"

	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
)

// FuzzApply plays a game from (seed, preset) driven by script. The game is
// New(RulesA()) when preset is true, New(RulesB()) otherwise, dealt from
// seed; the top ten bits of seed are also a number of warm-up steps,
// 0 to 1023, played first with random legal actions (a PCG seeded by seed),
// so that short scripts reach the foot, going out and later rounds. Then
// the script is read one byte at a time: a byte below 0x80 plays the legal
// action it picks (b % the number of legal actions); a byte with the high
// bit set forges an action from the bytes after it (see fuzzForge): a raw
// Action value, ParseAction of a few bytes of text, a constructor given odd
// arguments (which must build a well-formed action or fail with the zero
// Action), or a legal action with one field changed.
//
// After every step of the script it checks that Apply did not panic; that
// the State it was given is untouched, deeply (fuzzSnap); that an error is
// an error of the package naming its rule, on one line, and leaves the
// State Equal to the one before; that every
// action Legal lists is accepted; that an accepted action is well-formed,
// equivalent to one Legal listed and round-trips through its text; and
// that the cards are conserved (State.Cards is the whole shoe, constant
// within a round and from round to round).
//
// The script is cut to fuzzMaxScript bytes: Go minimizes every new input
// by removing bytes, in time that grows with the cube of its length.
//
//	go test -run '^$' -fuzz '^FuzzApply$' -fuzztime 30s ./handfoot
func FuzzApply(f *testing.F) {
	legalOnly := make([]byte, fuzzMaxScript)
	for i := range legalOnly {
		legalOnly[i] = byte(i*37+11) & 0x7f
	}
	mixed := append([]byte(nil), legalOnly...)
	for i := 0; i+8 < len(mixed); i += 13 {
		mixed[i] = 0x80 | byte(i)
	}
	warm := func(steps, seed uint64) uint64 { return steps<<54 | seed }
	f.Add(uint64(1), true, []byte{0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7})
	f.Add(uint64(1), false, []byte{0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7})
	f.Add(uint64(2), true, legalOnly)
	f.Add(uint64(3), false, legalOnly)
	f.Add(uint64(4), true, mixed)
	f.Add(uint64(5), false, mixed)
	f.Add(warm(300, 6), true, legalOnly)
	f.Add(warm(600, 7), false, mixed)
	f.Add(warm(900, 8), true, mixed)
	f.Add(warm(1023, 9), false, legalOnly)
	text := func(t string) byte { return 0x80 | byte(len(t))<<3 | 1 } // forges ParseAction(t) from the next len(t) bytes
	f.Add(uint64(0), true, append([]byte{text("draw")}, "draw"...))
	f.Add(uint64(7), false, []byte{0x80, byte(KindDiscard), 0, 0, 53})
	f.Add(uint64(7), false, []byte{0x80, byte(KindMeld), 7, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0})
	f.Add(uint64(8), true, []byte{0, 0x82, 7, 27, 28, 29, 5, 53})
	f.Add(uint64(9), true, []byte{0, 0x83, 9, 2, 33, 34, 5})
	f.Add(uint64(10), false, []byte{0x84, 9, 0, 0x84, 9, 255, 0x84, 2, 1})
	f.Add(uint64(11), true, []byte{0, 0x85, 10, 9, 1, 0x85, 11, 9, 1})
	f.Add(uint64(12), false, []byte{0x86, 0, 0x86, 1, 0x86, 2, 0x86, 3, 0x86, 4, 0x86, 5, 0x86, 6, 0x86, 7})
	f.Add(uint64(13), true, []byte{0, 0x87, 1, 0, 1, 0x87, 2, 3, 4, 0x87, 5, 6, 7})
	f.Add(warm(500, 13), true, []byte{0x87, 1, 0, 1, 0x87, 2, 3, 4, 0x87, 5, 6, 7, 1, 0x87, 9, 9, 2})
	f.Add(uint64(14), false, append([]byte{0, text("meld 7H 7D 2C")}, "meld 7H 7D 2C"...))
	f.Add(uint64(15), true, append(append([]byte{0, 0, text("take to #1")}, "take to #1"...), 0, text("back"), 'b', 'a', 'c', 'k'))
	f.Add(uint64(15), false, append(append([]byte{0, 0, text("take")}, "take"...), 0, text("back"), 'b', 'a', 'c', 'k'))

	want := map[bool]card.Multiset{}
	for _, preset := range []bool{false, true} {
		r := fuzzRules(preset)
		shoe, err := deck.Shoe(r.Decks, r.JokersPerDeck)
		if err != nil {
			f.Fatal(err)
		}
		var m card.Multiset
		if err := m.AddCards(shoe); err != nil {
			f.Fatal(err)
		}
		want[preset] = m
	}

	f.Fuzz(func(t *testing.T, seed uint64, preset bool, script []byte) {
		if len(script) > fuzzMaxScript {
			script = script[:fuzzMaxScript]
		}
		s, err := New(fuzzRules(preset), seed)
		if err != nil {
			t.Fatalf("New(rules %s, %d): %v", fuzzRules(preset).Name, seed, err)
		}
		shoe := want[preset]
		var legal []Action
		pcg := rand.NewPCG(seed, 0x66757a7a)
		for step := range int(seed >> 54) {
			if s.Over() {
				break
			}
			legal = AppendLegal(legal[:0], s)
			if len(legal) == 0 {
				t.Fatalf("seed %d warm-up step %d: no legal action in phase %v", seed, step, s.Phase())
			}
			a := legal[pcg.Uint64()%uint64(len(legal))]
			next, err := fuzzApply(t, s, a)
			if err != nil {
				t.Fatalf("seed %d warm-up step %d: Legal listed %v (%#v) but Apply said: %v", seed, step, a, a, err)
			}
			s = next
		}
		if got := s.Cards(); got != shoe {
			t.Fatalf("seed %d: after the warm-up the cards are not the shoe: %d cards, want %d", seed, got.Len(), shoe.Len())
		}
		for i, step := 0, 0; i < len(script) && !s.Over(); step++ {
			legal = AppendLegal(legal[:0], s)
			if len(legal) == 0 {
				t.Fatalf("seed %d step %d: no legal action in phase %v", seed, step, s.Phase())
			}
			b := script[i]
			i++
			var a Action
			listed := b&0x80 == 0
			if listed {
				a = legal[int(b)%len(legal)]
			} else {
				a, i = fuzzForge(t, b, script, i, legal)
			}
			before := fuzzSnapshot(s)
			next, err := fuzzApply(t, s, a)
			if what := before.changed(s); what != "" {
				t.Fatalf("seed %d step %d: Apply(%v) changed the State it was given: %s", seed, step, a, what)
			}
			if err != nil {
				if !next.Equal(s) {
					t.Fatalf("seed %d step %d: Apply(%#v) failed (%v) but returned a different State", seed, step, a, err)
				}
				if listed {
					t.Fatalf("seed %d step %d: Legal listed %v (%#v) but Apply said: %v", seed, step, a, a, err)
				}
				var e *errs.Error
				why := errShape(err, nil)
				if why == "" && (!errors.As(err, &e) || e.Rule() == nil || !errors.Is(err, e.Rule())) {
					why = "it names no rule"
				}
				if why != "" {
					t.Fatalf("seed %d step %d: Apply(%#v) failed with %v (%T), not an error of the package naming its rule: %s", seed, step, a, err, err, why)
				}
				continue
			}
			if !a.f.WellFormed() {
				t.Fatalf("seed %d step %d: Apply accepted %#v, which is not well-formed", seed, step, a)
			}
			if !fuzzListed(legal, a) {
				t.Fatalf("seed %d step %d: Apply accepted %v (%#v), which Legal does not list: %v", seed, step, a, a, legal)
			}
			if got := next.Cards(); got != shoe {
				t.Fatalf("seed %d step %d: after %v the cards are not the shoe: %d cards, want %d", seed, step, a, got.Len(), shoe.Len())
			}
			if back, err := ParseAction(a.String()); err != nil || back != a {
				t.Fatalf("seed %d step %d: accepted %#v writes %q, which parses to %#v, %v", seed, step, a, a.String(), back, err)
			}
			s = next
		}
	})
}

// fuzzMaxScript bounds the bytes of a script FuzzApply reads.
const fuzzMaxScript = 64

// fuzzSnap is a deep copy of what a State holds, to check that Apply
// changes nothing of the State it is given, including the arrays it may
// share with other States.
type fuzzSnap struct {
	s            State
	rd           round
	shoe, draws  []card.Card
	results      []RoundResult
	melds, backs []family.TableMeld
}

func fuzzSnapshot(s State) fuzzSnap {
	snap := fuzzSnap{s: s,
		melds: append([]family.TableMeld(nil), s.t.Melds...),
		backs: append([]family.TableMeld(nil), s.t.BackMelds...)}
	if s.r != nil {
		snap.rd = *s.r
		snap.shoe = append([]card.Card(nil), s.r.cfg.Shoe...)
		snap.draws = append([]card.Card(nil), s.r.draws...)
		snap.results = s.Results()
	}
	return snap
}

// changed says what differs between the snapshot and s, or "".
func (snap fuzzSnap) changed(s State) string {
	switch {
	case s.r != snap.s.r:
		return "its round pointer"
	case s.t.Core != snap.s.t.Core:
		return "its table's core"
	case s.hf != snap.s.hf:
		return "its Hand and Foot fields"
	case len(s.t.Melds) != len(snap.melds) || len(s.t.BackMelds) != len(snap.backs) ||
		!family.SameMelds(s.t.Melds, snap.melds) || !family.SameMelds(s.t.BackMelds, snap.backs):
		return "its melds"
	case s.r == nil:
		return ""
	}
	x, y := *s.r, snap.rd
	xc, yc := x.cfg, y.cfg
	xc.Shoe, yc.Shoe = nil, nil
	switch {
	case x.rules != y.rules || x.number != y.number || x.packets != y.packets || x.first != y.first ||
		x.start != y.start || x.totals != y.totals || x.rng != y.rng || !reflect.DeepEqual(xc, yc):
		return "its round"
	case !slices.Equal(x.cfg.Shoe, snap.shoe) || !slices.Equal(x.draws, snap.draws):
		return "its shoe or draws"
	case len(x.results) != len(snap.results):
		return "its results"
	}
	for i := range x.results {
		if !x.results[i].equal(snap.results[i]) {
			return "its result of round " + itoa(i+1)
		}
	}
	return ""
}

func fuzzRules(preset bool) Rules {
	if preset {
		return RulesA()
	}
	return RulesB()
}

// fuzzApply calls Apply, turning a panic into a test failure that names
// the action.
func fuzzApply(t *testing.T, s State, a Action) (next State, err error) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("Apply(%#v) panicked in phase %v: %v", a, s.Phase(), p)
		}
	}()
	return Apply(s, a)
}

// fuzzListed reports whether a is listed in legal, up to the suits Legal
// does not tell apart.
func fuzzListed(legal []Action, a Action) bool {
	for _, l := range legal {
		if Equivalent(l, a) {
			return true
		}
	}
	return false
}

// fuzzForge builds an action from the bytes of script from i on, as the
// low three bits of b say, and returns it with the index of the first byte
// it did not read. Bytes past the end read as 0. A constructor that fails
// must return the zero Action and an error of the package (which fails t),
// and the zero Action is what Apply then gets.
func fuzzForge(t *testing.T, b byte, script []byte, i int, legal []Action) (Action, int) {
	t.Helper()
	built := func(a Action, err error) Action {
		t.Helper()
		if err != nil {
			if why := errShape(err, ErrMalformed); why != "" && errShape(err, ErrNoMeld) != "" && errShape(err, ErrMeld) != "" {
				t.Fatalf("a constructor failed with %v (%T): %s", err, err, why)
			}
			if a != (Action{}) {
				t.Fatalf("a constructor returned %#v with its error %v", a, err)
			}
		} else if !a.f.WellFormed() {
			t.Fatalf("a constructor built %#v, which is not well-formed", a)
		}
		return a
	}
	next := func() byte {
		if i >= len(script) {
			i++
			return 0
		}
		i++
		return script[i-1]
	}
	cards := func(n int) []card.Card {
		cs := make([]card.Card, n)
		for k := range cs {
			cs[k] = card.Card(next())
		}
		return cs
	}
	// ref reads a rank and a meld number n (a signed byte, 1 for the first
	// meld of the rank): the index n-1.
	ref := func() Ref { return Ref{Rank: card.Rank(next()), Index: int(int8(next())) - 1} }
	var a Action
	switch b & 7 {
	case 0: // a raw value: any kind, any payload
		f := family.Action{Kind: family.Kind(next()), Rank: card.Rank(next()), Target: next(), Card: card.Card(next())}
		for k := range f.Nat {
			f.Nat[k] = next() % 4
		}
		for k := range f.Twos {
			f.Twos[k] = next() % 4
		}
		f.Jokers = next() % 4
		a = Action{f}
	case 1: // the text of the next (b>>3)&15 bytes
		n := int(b>>3) & 15
		text := make([]byte, 0, n)
		for range n {
			text = append(text, next())
		}
		a, _ = ParseAction(string(text))
	case 2: // Meld with raw card values
		a = built(Meld(cards(1 + int(next())%6)...))
	case 3: // Add to an odd ref
		r := ref()
		a = built(Add(r, cards(1+int(next())%4)...))
	case 4: // taking the pile: a new meld (meld number 0), or any meld number (the rank byte is unused)
		r := ref()
		if r.Index == -1 {
			a = Take()
		} else {
			a = built(TakeTo(r.Index))
		}
	case 5: // discard or lay a red three, any card value
		c := card.Card(next())
		if r := ref(); (r.Index+1)&1 == 0 {
			a = built(Discard(c))
		} else {
			a = built(LayRed(c, r))
		}
	case 6: // the constructors without cards, with odd arguments
		switch x := next(); x % 8 {
		case 0:
			a = Draw()
		case 1:
			a = Ask()
		case 2:
			a = Answer(x&8 != 0)
		case 3:
			a = built(Choose(int(int8(next()))))
		case 4:
			a = Next()
		case 5:
			a = TakeBack()
		case 6:
			a = built(Choose(int(x>>4) & 1))
		default:
			a = Action{family.Action{Kind: family.Kind(x >> 3)}}
		}
	default: // a legal action with one field changed
		a = legal[int(next())%len(legal)]
		switch v := next(); next() % 7 {
		case 0:
			a.f.Kind = family.Kind(v)
		case 1:
			a.f.Rank = card.Rank(v)
		case 2:
			a.f.Target = v
		case 3:
			a.f.Card = card.Card(v)
		case 4:
			a.f.Nat[v%4] += 1 + v>>6
		case 5:
			a.f.Twos[v%4] += 1 + v>>6
		default:
			a.f.Jokers += 1 + v>>6
		}
	}
	return a, i
}

// FuzzApplyZeroState checks that Apply rejects every action on the zero
// State, parsed from text or forged from raw bytes, without panicking, and
// hands back the zero State.
func FuzzApplyZeroState(f *testing.F) {
	for _, s := range []string{"draw", "take", "take to #2", "take 7 new", "take 7 to 7#2", "meld 7C 7H 2S JK", "add 9S 2C to 9",
		"lay 3H on 9", "ask", "back", "yes", "no", "packet 1", "packet 2", "next", "discard KH", "", "junk"} {
		f.Add(s, []byte(s))
	}
	f.Add("", []byte{byte(KindDiscard), 0, 0, 53})
	f.Add("", []byte{byte(KindNext)})
	f.Fuzz(func(t *testing.T, text string, raw []byte) {
		parsed, _ := ParseAction(text)
		forged, _ := fuzzForge(t, 0x80, raw, 0, []Action{Draw()})
		for _, a := range []Action{parsed, forged, {}} {
			var zero State
			next, err := fuzzApply(t, zero, a)
			if err == nil {
				t.Fatalf("Apply(State{}, %#v) = nil error", a)
			}
			if !next.Equal(State{}) || next.r != nil || next.t.Core != (family.Table{}).Core || next.hf != (hf{}) || next.t.Melds != nil || next.t.BackMelds != nil {
				t.Fatalf("Apply(State{}, %#v) returned a State that is not the zero State", a)
			}
			if l := Legal(zero); len(l) != 0 {
				t.Fatalf("Legal(State{}) = %v", l)
			}
		}
	})
}
