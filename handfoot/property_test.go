package handfoot

// Property tests of what the conformance harness (conform_test.go, which
// plays random games under the presets and random tables and checks every
// step) does not check: that Apply leaves every unexported field of the
// State it is given as it was, down to what States share; that every legal
// action changes the position; that playing on from one result of Apply
// does not reach into another; and that accessors hand out copies.

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"pgregory.net/rapid"
)

// propPlay plays up to n random legal actions from s (fewer if the game
// ends) and returns the state reached and the actions.
func propPlay(t *rapid.T, s State, n int) (State, []Action) {
	var played []Action
	for range n {
		legal := Legal(s)
		if len(legal) == 0 {
			break
		}
		a := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "choice")]
		next, err := Apply(s, a)
		if err != nil {
			t.Fatalf("after %d actions: Legal listed %q, Apply rejected it: %v", len(played), a, err)
		}
		s = next
		played = append(played, a)
	}
	return s, played
}

// propReach draws rules and a seed and plays random legal actions: to the
// end of a random number of rounds (0 to 2), where it may stop on the
// round's end, then a random number more.
func propReach(t *rapid.T) (Rules, uint64, State, []Action) {
	r := rapid.SampledFrom(conformPresets()).Draw(t, "rules")
	seed := rapid.Uint64().Draw(t, "seed")
	s, err := New(r, seed)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	var played []Action
	rounds := rapid.IntRange(0, 2).Draw(t, "rounds")
	for range 20000 {
		if s.Over() || len(s.Results()) >= rounds && (s.Phase() == RoundOver || rounds == 0) {
			break
		}
		var p []Action
		s, p = propPlay(t, s, 1)
		played = append(played, p...)
	}
	if s.Phase() != RoundOver || rapid.Bool().Draw(t, "playOn") {
		var more []Action
		s, more = propPlay(t, s, rapid.IntRange(0, 400).Draw(t, "steps"))
		played = append(played, more...)
	}
	return r, seed, s, played
}

// TestPropertyApplyPure checks that Apply leaves every field of its input
// as it was (the harness compares JSON, which leaves out what the round
// derives), that it is a function down to the unexported fields, that every
// legal action changes the position, that states derived from one state do
// not share anything a later Apply writes, and that accessors hand out
// copies.
func TestPropertyApplyPure(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r, seed, s, played := propReach(t)
		where := fmt.Sprintf("rules %s %dx%d ChoosePacket=%v seed %d after %d actions", r.Name, r.Players, r.Teams, r.ChoosePacket, seed, len(played))
		legal := Legal(s)
		if len(legal) == 0 {
			if !s.Over() {
				t.Fatalf("%s: no legal action in phase %v", where, s.Phase())
			}
			return
		}
		a := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "action")]
		before, snap := s, propSnapshot(s)

		n1, err1 := Apply(s, a)
		n2, err2 := Apply(s, a)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: Legal listed %q, Apply rejected it: %v, %v", where, a, err1, err2)
		}
		unchanged := func(what string) {
			t.Helper()
			if !s.Equal(before) || propSnapshot(s) != snap {
				t.Fatalf("%s: %s changed the state given to Apply(%q)", where, what, a)
			}
		}
		unchanged("Apply")
		for _, l := range legal {
			_, _ = Apply(s, l)
		}
		unchanged("Apply of every legal action")
		if !n1.Equal(n2) || !n2.Equal(n1) || propSnapshot(n1) != propSnapshot(n2) {
			t.Fatalf("%s: Apply(%q) twice gave different states", where, a)
		}
		if n1.Equal(s) {
			// Every action changes something: cards, phase, question or turn.
			t.Fatalf("%s: Apply(%q) returned a state Equal to its input", where, a)
		}

		// Playing on from n1 must not reach into n2 or s.
		snap2 := propSnapshot(n2)
		propPlay(t, n1, rapid.IntRange(1, 40).Draw(t, "onwards"))
		if propSnapshot(n2) != snap2 {
			t.Fatalf("%s: playing on from Apply(%q) changed another result of the same Apply", where, a)
		}
		unchanged("playing on from the result")

		// Accessors hand out copies: writing into what they return changes nothing.
		for team := range r.Teams {
			ms := s.Melds(team)
			for i := range ms {
				ms[i] = meld.RankMeld{}
			}
		}
		if rs := s.Results(); len(rs) > 0 {
			rs[0].Number = -7
			rs[0].Teams[0].Total = -7
			if len(rs[0].Teams[0].Breakdown) > 0 {
				rs[0].Teams[0].Breakdown[0].Points = -7
			}
		}
		if sc := s.Score(); len(sc) > 0 {
			sc[0].Total = -7
			if len(sc[0].Breakdown) > 0 {
				sc[0].Breakdown[0].Points = -7
			}
		}
		if tt := s.Totals(); len(tt) > 0 {
			tt[0] = -7
		}
		if _, draws := s.FirstPlayer(); len(draws) > 0 {
			draws[0] = card.Joker
		}
		if l := Legal(s); len(l) > 0 {
			l[0] = Action{}
		}
		v := s.View(max(s.ToAct(), 0))
		if len(v.Teams) > 0 && len(v.Teams[0].Melds) > 0 {
			v.Teams[0].Melds[0] = meld.RankMeld{}
		}
		if len(v.Legal) > 0 {
			v.Legal[0] = Action{}
		}
		if len(v.Results) > 0 && len(v.Results[0].Teams) > 0 {
			v.Results[0].Teams[0].Points = -7
			if len(v.Results[0].Teams[0].Breakdown) > 0 {
				v.Results[0].Teams[0].Breakdown[0].Points = -7
			}
		}
		unchanged("writing into what the accessors returned")
		if !slices.Equal(Legal(s), legal) {
			t.Fatalf("%s: writing into what the accessors returned changed Legal", where)
		}
	})
}

// propSnapshot writes down everything a State holds, following pointers and
// slices into what they share with other States, so that a change made
// through any of them shows. It reads the unexported fields by reflection,
// so fields the engine gains later are covered too.
func propSnapshot(s State) string {
	// The history's chunks are shared and grow past a State's own entries:
	// what the State holds of them is its entries and its fixed point.
	h := s.h
	s.h = history{}
	b := propDump(make([]byte, 0, 4096), reflect.ValueOf(&s).Elem(), 0)
	b = strconv.AppendInt(b, int64(h.Log.Len()), 10)
	for i := max(h.Log.Base(), h.Log.Len()-2); i < h.Log.Len(); i++ { // the entries an Apply could touch
		e := *h.Log.At(i)
		b = propDump(b, reflect.ValueOf(&e).Elem(), 0)
	}
	b = strconv.AppendInt(append(b, " fix:"...), int64(h.Fix), 10)
	return string(b)
}

func propDump(b []byte, v reflect.Value, depth int) []byte {
	if depth > 64 {
		return append(b, "..."...)
	}
	switch v.Kind() {
	case reflect.Bool:
		return strconv.AppendBool(b, v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return append(strconv.AppendInt(b, v.Int(), 10), ' ')
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return append(strconv.AppendUint(b, v.Uint(), 10), ' ')
	case reflect.Float32, reflect.Float64:
		return append(strconv.AppendFloat(b, v.Float(), 'g', -1, 64), ' ')
	case reflect.String:
		return strconv.AppendQuote(b, v.String())
	case reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 && v.CanAddr() {
			b = append(append(b, '['), v.Bytes()...)
			return append(b, ']')
		}
		b = append(b, '[')
		for i := range v.Len() {
			b = propDump(b, v.Index(i), depth+1)
		}
		return append(b, ']')
	case reflect.Slice:
		if v.IsNil() {
			return append(b, "nil"...)
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			b = strconv.AppendInt(append(b, '['), int64(v.Len()), 10)
			return append(append(append(b, ':'), v.Bytes()...), ']')
		}
		b = append(b, '[')
		for i := range v.Len() {
			b = propDump(b, v.Index(i), depth+1)
		}
		return append(b, ']')
	case reflect.Struct:
		b = append(b, '{')
		for i := range v.NumField() {
			b = propDump(b, v.Field(i), depth+1)
		}
		return append(b, '}')
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return append(b, "nil"...)
		}
		if v.Kind() == reflect.Interface {
			b = append(b, v.Elem().Type().String()...)
		}
		return propDump(append(b, '&'), v.Elem(), depth+1)
	case reflect.Map:
		keys := make([]string, 0, v.Len())
		iter := v.MapRange()
		for iter.Next() {
			keys = append(keys, string(propDump(propDump(nil, iter.Key(), depth+1), iter.Value(), depth+1)))
		}
		sort.Strings(keys)
		return append(b, fmt.Sprint(keys)...)
	}
	return append(b, v.Type().String()...)
}
