package handfoot_test

import (
	"reflect"
	"testing"

	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/handfoot"
)

// Hand and Foot's View JSON has Canasta's keys for the same ideas: a field
// the two games' View types (and the types inside a View) share by name
// has one JSON key and one kind of Go type in both (a Phase, an int, a
// slice), so a client reads both games'
// Views alike. What differs is the games' own (Hand and Foot's foot,
// packets and clean and dirty canastas; Canasta's frozen pile and lone
// hand).
func TestViewJSONKeysAsCanasta(t *testing.T) {
	for _, pair := range [][2]reflect.Type{
		{reflect.TypeFor[handfoot.View](), reflect.TypeFor[canasta.View]()},
		{reflect.TypeFor[handfoot.PlayerView](), reflect.TypeFor[canasta.PlayerView]()},
		{reflect.TypeFor[handfoot.TeamView](), reflect.TypeFor[canasta.TeamView]()},
		{reflect.TypeFor[handfoot.RoundResult](), reflect.TypeFor[canasta.RoundResult]()},
	} {
		hf, ca := pair[0], pair[1]
		shared := 0
		for i := range hf.NumField() {
			f := hf.Field(i)
			g, ok := ca.FieldByName(f.Name)
			if !ok {
				continue
			}
			shared++
			if f.Tag.Get("json") != g.Tag.Get("json") {
				t.Errorf("%s.%s: JSON key %q in handfoot, %q in canasta", hf.Name(), f.Name, f.Tag.Get("json"), g.Tag.Get("json"))
			}
			if f.Tag.Get("json") == "" {
				t.Errorf("%s.%s has no JSON key", hf.Name(), f.Name)
			}
			if f.Type.Kind() != g.Type.Kind() || f.Type.Name() != g.Type.Name() {
				t.Errorf("%s.%s: a %s in handfoot, a %s in canasta", hf.Name(), f.Name, f.Type, g.Type)
			}
		}
		if shared < 3 {
			t.Errorf("%s: only %d fields shared with canasta", hf.Name(), shared)
		}
	}
}
