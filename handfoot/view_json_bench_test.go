package handfoot

import (
	"encoding/json"
	"testing"
)

// The View's JSON codec, both ways, on a View with melds on the table, a
// hand and legal actions (rule set A, 4 players, 150 random actions in):
//
//	go test -run '^$' -bench 'JSON' -benchmem ./handfoot
func benchView(b *testing.B) View {
	b.Helper()
	s := viewWalk(b, RulesA(), 3, 150)
	return s.View(s.ToAct())
}

func BenchmarkViewJSONMarshal(b *testing.B) {
	v := benchView(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkViewJSONUnmarshal(b *testing.B) {
	data, err := json.Marshal(benchView(b))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var v View
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}
