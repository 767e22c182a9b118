package score_test

import (
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/score"
)

func TestHandFootABands(t *testing.T) {
	b := handFootABands()
	tests := []struct{ score, want int }{
		{math.MinInt, 50},
		{-1000, 50},
		{-1, 50},
		{0, 50},
		{2500, 50},
		{2501, 90},
		{5000, 90},
		{5001, 120},
		{7500, 120},
		{7501, 150},
		{10000, 150},
		{20000, 150},
		{math.MaxInt, 150},
	}
	for _, tt := range tests {
		if got := b.Minimum(tt.score); got != tt.want {
			t.Errorf("HandFootABands().Minimum(%d) = %d, want %d", tt.score, got, tt.want)
		}
	}
	if b.Len() != 4 {
		t.Errorf("Len = %d, want 4", b.Len())
	}
	want := []score.Band{{math.MinInt, 50}, {2501, 90}, {5001, 120}, {7501, 150}}
	if got := slices.Collect(b.All()); !slices.Equal(got, want) {
		t.Errorf("All = %v, want %v", got, want)
	}
}

func TestCanastaBands(t *testing.T) {
	b := canastaBands()
	tests := []struct{ score, want int }{
		{math.MinInt, 15},
		{-5000, 15},
		{-5, 15},
		{0, 50},
		{1495, 50},
		{1499, 50},
		{1500, 90},
		{2995, 90},
		{3000, 120},
		{9000, 120},
	}
	for _, tt := range tests {
		if got := b.Minimum(tt.score); got != tt.want {
			t.Errorf("CanastaBands().Minimum(%d) = %d, want %d", tt.score, got, tt.want)
		}
	}
	want := []score.Band{{math.MinInt, 15}, {0, 50}, {1500, 90}, {3000, 120}}
	if got := slices.Collect(b.All()); !slices.Equal(got, want) {
		t.Errorf("All = %v, want %v", got, want)
	}
}

func TestZeroBands(t *testing.T) {
	var b score.Bands
	if b.Len() != 0 || b.Minimum(0) != 0 || b.Minimum(-100) != 0 || b.Minimum(100000) != 0 {
		t.Errorf("zero Bands: Len %d, Minimum(0) %d", b.Len(), b.Minimum(0))
	}
	for range b.All() {
		t.Error("zero Bands yields a band")
	}
}

func TestNewBands(t *testing.T) {
	b, err := score.NewBands(score.Band{From: 0, Minimum: 50}, score.Band{From: 2501, Minimum: 90}, score.Band{From: 5001, Minimum: 120}, score.Band{From: 7501, Minimum: 150})
	if err != nil {
		t.Fatal(err)
	}
	if b != handFootABands() {
		t.Error("NewBands with first From 0 != HandFootABands(): the first From should become math.MinInt")
	}
	one, err := score.NewBands(score.Band{From: 123, Minimum: 0})
	if err != nil {
		t.Fatal(err)
	}
	if one.Len() != 1 || one.Minimum(math.MinInt) != 0 || one.Minimum(math.MaxInt) != 0 {
		t.Error("one band of minimum 0 should give 0 everywhere")
	}
	one7, _ := score.NewBands(score.Band{Minimum: 7})
	if one7.Minimum(math.MinInt) != 7 || one7.Minimum(math.MaxInt) != 7 {
		t.Error("one band of minimum 7 should give 7 everywhere")
	}
	eight := make([]score.Band, score.MaxBands)
	for i := range eight {
		eight[i] = score.Band{From: i * 100, Minimum: i * 10}
	}
	b8, err := score.NewBands(eight...)
	if err != nil {
		t.Fatalf("8 bands: %v", err)
	}
	if b8.Len() != 8 || b8.Minimum(699) != 60 || b8.Minimum(700) != 70 || b8.Minimum(-5) != 0 {
		t.Errorf("8 bands: Len %d, Minimum(699) %d, (700) %d", b8.Len(), b8.Minimum(699), b8.Minimum(700))
	}
	// The caller's slice is not kept.
	eight[3].Minimum = 999
	if b8.Minimum(300) != 30 {
		t.Error("Bands shares the caller's slice")
	}
	// Stop early.
	n := 0
	for range b8.All() {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("All did not stop: %d", n)
	}
}

func TestNewBandsErrors(t *testing.T) {
	nine := make([]score.Band, 9)
	for i := range nine {
		nine[i] = score.Band{From: i, Minimum: 1}
	}
	tests := []struct {
		name    string
		bands   []score.Band
		wantErr string
	}{
		{"none", nil, "at least one band"},
		{"nine", nine, "at most 8"},
		{"negative minimum", []score.Band{{0, 50}, {100, -1}}, "band 2 (from 100) has minimum -1: make it 0 or more"},
		{"negative first minimum", []score.Band{{math.MinInt, -15}}, "band 1 (from any score) has minimum -15"},
		{"equal from", []score.Band{{0, 50}, {2501, 90}, {2501, 120}}, "band 3 starts at 2501, not above band 2's 2501"},
		{"descending", []score.Band{{0, 50}, {3000, 90}, {1500, 120}}, "band 3 starts at 1500, not above band 2's 3000"},
		{"first not below second", []score.Band{{5000, 50}, {2501, 90}}, "band 2 starts at 2501, not above band 1's 5000"},
		{"second at MinInt", []score.Band{{math.MinInt, 15}, {math.MinInt, 50}}, "not above band 1's any score"},
	}
	for _, tt := range tests {
		b, err := score.NewBands(tt.bands...)
		if err == nil {
			t.Errorf("%s: NewBands succeeded, want an error", tt.name)
			continue
		}
		if !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%s: error %q, want it to contain %q", tt.name, err, tt.wantErr)
		}
		if !errors.Is(err, score.ErrBands) || !strings.HasPrefix(err.Error(), "score: invalid meld-minimum schedule: ") {
			t.Errorf("%s: error %q does not wrap ErrBands", tt.name, err)
		}
		if b != (score.Bands{}) {
			t.Errorf("%s: NewBands returned a non-zero Bands with its error", tt.name)
		}
	}
}

func TestBandsJSON(t *testing.T) {
	b, err := json.Marshal(handFootABands())
	if err != nil {
		t.Fatal(err)
	}
	// The first band has no lower end: its "from" is left out, as the
	// library leaves out a value that does not apply, not written null.
	const want = `[{"minimum":50},{"from":2501,"minimum":90},{"from":5001,"minimum":120},{"from":7501,"minimum":150}]`
	if string(b) != want {
		t.Errorf("Marshal = %s, want %s", b, want)
	}
	// The JSON written before, the first "from" null, still loads.
	var old score.Bands
	if err := json.Unmarshal([]byte(`[{"from":null,"minimum":50},{"from":2501,"minimum":90},{"from":5001,"minimum":120},{"from":7501,"minimum":150}]`), &old); err != nil || old != handFootABands() {
		t.Errorf("the old JSON with \"from\": null: %v", err)
	}
	for _, preset := range []score.Bands{handFootABands(), canastaBands()} {
		b, err := json.Marshal(preset)
		if err != nil {
			t.Fatal(err)
		}
		var back score.Bands
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("Unmarshal(%s): %v", b, err)
		}
		if back != preset {
			t.Errorf("round trip of %s changed it", b)
		}
	}
	// The zero Bands round-trips as null.
	zb, err := json.Marshal(score.Bands{})
	if err != nil || string(zb) != "null" {
		t.Errorf("zero Bands Marshal = %s, %v; want null", zb, err)
	}
	var z score.Bands
	if err := json.Unmarshal(zb, &z); err != nil || z != (score.Bands{}) {
		t.Errorf("zero Bands Unmarshal: %v", err)
	}
	// A struct field.
	type rules struct{ Bands score.Bands }
	rb, _ := json.Marshal(rules{canastaBands()})
	var r rules
	if err := json.Unmarshal(rb, &r); err != nil || r.Bands != canastaBands() {
		t.Errorf("field round trip %s: %v", rb, err)
	}
}

func TestBandsJSONAccepts(t *testing.T) {
	tests := []struct {
		in   string
		want score.Bands
	}{
		{`[{"minimum":15},{"from":0,"minimum":50},{"from":1500,"minimum":90},{"from":3000,"minimum":120}]`, canastaBands()},
		{`[{"from":-100,"minimum":15},{"from":0,"minimum":50},{"from":1500,"minimum":90},{"from":3000,"minimum":120}]`, canastaBands()},
		// Keys match without regard to case, as encoding/json matches struct fields.
		{`[{"Minimum":15},{"FROM":0,"minimum":50},{"From":1500,"minimum":90},{"from":3000,"MINIMUM":120}]`, canastaBands()},
		{` [ {"from":0,"minimum":50}, {"from":2501,"minimum":90}, {"from":5001,"minimum":120}, {"from":7501,"minimum":150} ] `, handFootABands()},
	}
	for _, tt := range tests {
		var b score.Bands
		if err := json.Unmarshal([]byte(tt.in), &b); err != nil {
			t.Errorf("Unmarshal(%s): %v", tt.in, err)
			continue
		}
		if b != tt.want {
			t.Errorf("Unmarshal(%s) = %v, want %v", tt.in, slices.Collect(b.All()), slices.Collect(tt.want.All()))
		}
	}
}

func TestBandsJSONRejects(t *testing.T) {
	tests := []struct{ in, wantErr string }{
		{`[]`, "at least one band"},
		{`[{"from":null,"minimum":50},{"minimum":90}]`, `band 2 has no "from"`},
		{`[{"from":null,"minimum":50},{"from":null,"minimum":90}]`, `band 2 has no "from"`},
		{`[{"from":null}]`, `band 1 has no "minimum"`},
		{`[{"from":null,"minimum":50},{"from":100,"minimum":-5}]`, "has minimum -5"},
		{`[{"from":null,"minimum":50},{"from":100,"minimum":60},{"from":100,"minimum":70}]`, "band 3 starts at 100"},
		{`[{"from":null,"minimum":50,"max":9}]`, `"max"`},
		{`[{"from":null,"minimum":1.5}]`, `band 1: "minimum" must be a whole number`},
		{`{"from":null,"minimum":50}`, "JSON array"},
		{`[1,2]`, "JSON array"},
		{`[{"minimum":1},{"from":1,"minimum":1},{"from":2,"minimum":1},{"from":3,"minimum":1},{"from":4,"minimum":1},{"from":5,"minimum":1},{"from":6,"minimum":1},{"from":7,"minimum":1},{"from":8,"minimum":1}]`, "at most 8"},
	}
	for _, tt := range tests {
		b := canastaBands()
		err := json.Unmarshal([]byte(tt.in), &b)
		if err == nil {
			t.Errorf("Unmarshal(%s) succeeded, want an error", tt.in)
			continue
		}
		if !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("Unmarshal(%s): error %q, want it to contain %q", tt.in, err, tt.wantErr)
		}
		if !errors.Is(err, score.ErrBands) {
			t.Errorf("Unmarshal(%s): error %q does not wrap ErrBands", tt.in, err)
		}
		if b != canastaBands() {
			t.Errorf("Unmarshal(%s) changed the bands on error", tt.in)
		}
	}
	// Trailing data on a direct call.
	b := canastaBands()
	if err := b.UnmarshalJSON([]byte(`[{"minimum":1}] [{"minimum":2}]`)); err == nil || b != canastaBands() {
		t.Errorf("trailing data: err %v", err)
	}
}

func TestBandsAllocs(t *testing.T) {
	b := handFootABands()
	sink := 0
	if a := testing.AllocsPerRun(100, func() { sink += b.Minimum(6000) }); a != 0 {
		t.Errorf("Bands.Minimum allocates %v times, want 0", a)
	}
	if sink == 0 {
		t.Error("Minimum was 0")
	}
}
