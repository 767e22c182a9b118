package handfoot

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/google/go-cmp/cmp"
)

// playRandom plays n random legal actions from s (fewer if the game ends).
func playRandom(s State, rng *rand.Rand, n int) State {
	for range n {
		legal := Legal(s)
		if len(legal) == 0 {
			break
		}
		next, err := Apply(s, legal[rng.IntN(len(legal))])
		if err != nil {
			panic(err)
		}
		s = next
	}
	return s
}

// recordRoundTrips checks that s's record replays to s, and survives its
// text and JSON forms.
func recordRoundTrips(t *testing.T, s State) {
	t.Helper()
	rec := s.Record()
	got, err := Replay(rec)
	if err != nil {
		t.Fatalf("Replay: %v", err)
	}
	if !got.Equal(s) || got.Seq() != s.Seq() {
		t.Fatalf("Replay gives another state (seq %d, want %d)", got.Seq(), s.Seq())
	}
	if d := cmp.Diff(rec, got.Record(), cmpOpts); d != "" {
		t.Fatalf("the replayed game's record differs:\n%s", d)
	}
	text, err := rec.MarshalText()
	if err != nil {
		t.Fatalf("MarshalText: %v", err)
	}
	var back Record
	if err := back.UnmarshalText(text); err != nil {
		t.Fatalf("UnmarshalText: %v\n%s", err, text)
	}
	if d := cmp.Diff(rec, back, cmpOpts); d != "" {
		t.Fatalf("text round trip:\n%s\n%s", d, text)
	}
	j, err := json.Marshal(rec)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	var fromJSON Record
	if err := json.Unmarshal(j, &fromJSON); err != nil {
		t.Fatalf("json.Unmarshal: %v", err)
	}
	if d := cmp.Diff(rec, fromJSON, cmpOpts); d != "" {
		t.Fatalf("JSON round trip:\n%s", d)
	}
}

// A game's record replays to the same State, in its text and JSON forms:
// games dealt from a seed, from explicit orders round by round, and
// restored from a position mid-turn.
func TestRecordReplays(t *testing.T) {
	choose := RulesB()
	choose.LookAtPackets = true
	house := RulesA().WithLayout(2, 2)
	house.Names = [MaxPlayers]string{"Ann", "Bo"}
	house.DrawCount = 3
	for i, r := range []Rules{RulesA(), RulesB(), choose, house} {
		rng := rand.New(rand.NewPCG(uint64(i), 1))
		s, err := New(r, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{0, 1, 7, 60, 400, 3000} {
			recordRoundTrips(t, playRandom(s, rng, n))
		}
	}

	// Dealt from explicit orders, round 2 by DealNext and round 3 from the seed.
	r := RulesB().WithLayout(2, 2)
	order := scOrder(t, r, "")
	s, err := Deal(r, order, 99)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for s.Phase() != RoundOver {
		s = playRandom(s, rng, 1)
	}
	reversed := append(order[:0:0], order...)
	for i, j := 0, len(reversed)-1; i < j; i, j = i+1, j-1 {
		reversed[i], reversed[j] = reversed[j], reversed[i]
	}
	s, err = DealNext(s, reversed)
	if err != nil {
		t.Fatal(err)
	}
	if s.Seq() == 0 || s.Happened(0, s.Seq()-1)[0].Action.Kind() != KindNext {
		t.Fatalf("DealNext is not in the history as a Next")
	}
	for s.Round() < 3 && !s.Over() {
		s = playRandom(s, rng, 1)
	}
	s = playRandom(s, rng, 20)
	rec := s.Record()
	if len(rec.Shoes) != 2 || rec.Shoes[0] == nil || rec.Shoes[1] == nil || rec.Seed != 99 {
		t.Fatalf("record shoes %d, seed %d; want rounds 1 and 2, seed 99", len(rec.Shoes), rec.Seed)
	}
	recordRoundTrips(t, s)

	// Restored from a position in the middle of a turn.
	mid := playRandom(mustNew(t, RulesA(), 8), rand.New(rand.NewPCG(8, 8)), 25)
	for mid.Phase() != Melding && mid.Phase() != Opening {
		mid = playRandom(mid, rng, 1)
	}
	restored, err := FromPosition(mid.Position())
	if err != nil {
		t.Fatal(err)
	}
	restored = playRandom(restored, rng, 50)
	if restored.Record().Start == nil {
		t.Fatalf("a restored game's record has no start")
	}
	recordRoundTrips(t, restored)
}

// A record whose rules were written whole before LookAtPackets, without
// its key, still reads and replays: the house rule reads as off, and the
// packets are chosen face down.
func TestRecordWithoutLookAtPackets(t *testing.T) {
	r := RulesB()
	r.CleanBonus = 600 // not a preset: the record writes the rules whole
	s := playRandom(mustNew(t, r, 4), rand.New(rand.NewPCG(4, 4)), 30)
	text, err := s.Record().MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	const key = `"lookAtPackets":false,`
	if !strings.Contains(string(text), key) {
		t.Fatalf("the record lacks %s:\n%s", key, text)
	}
	var old Record
	if err := old.UnmarshalText([]byte(strings.Replace(string(text), key, "", 1))); err != nil {
		t.Fatalf("UnmarshalText: %v", err)
	}
	got, err := Replay(old)
	if err != nil || old.Rules != r || !got.Equal(s) {
		t.Errorf("the record without the key replays to rules %+v, equal %v: %v", old.Rules, got.Equal(s), err)
	}
}

func mustNew(t *testing.T, r Rules, seed uint64) State {
	t.Helper()
	s, err := New(r, seed)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A game dealt from an explicit order shuffles its later rounds from the
// seed the caller gives: the same seed deals the same round 2, another seed
// another.
func TestDealLaterRoundsFromCallersSeed(t *testing.T) {
	r := RulesB().WithLayout(2, 2)
	order := scOrder(t, r, "")
	round2 := func(seed uint64) State {
		s, err := Deal(r, order, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for s.Phase() != RoundOver {
			s = playRandom(s, rng, 1)
		}
		return scDo(t, s, Next())
	}
	if !round2(1).Equal(round2(1)) {
		t.Errorf("the same seed deals two different second rounds")
	}
	if round2(1).Equal(round2(2)) {
		t.Errorf("seeds 1 and 2 deal the same second round")
	}
}

// A record that does not replay, or text that is not a record, is refused
// with ErrRecord naming the problem, and the destination is unchanged.
func TestRecordRejects(t *testing.T) {
	good := "handfoot record\nrules A 4x2\nseed 3\n"
	s := mustNew(t, RulesA(), 3)
	first := s.ToAct()
	for name, text := range map[string]string{
		"no header":      "rules A\nseed 3\n",
		"bad rules":      "handfoot record\nrules C\n",
		"bad seed":       "handfoot record\nrules A\nseed -1\n",
		"bad shoe":       good + "shoe 1 AC ZZ\n",
		"shoe round 0":   good + "shoe 0 AC\n",
		"bad start":      good + "start {\n",
		"not an action":  good + "hello\n",
		"bad action":     good + itoa(first) + ": fly\n",
		"wrong seat":     good + itoa((first+1)%4) + ": draw\n",
		"illegal action": good + itoa(first) + ": discard 7H\n",
		"empty":          "",
	} {
		before := Record{Seed: 42}
		rec := before
		err := rec.UnmarshalText([]byte(text))
		if name == "illegal action" {
			// The text reads; replaying it fails.
			if err != nil {
				t.Errorf("%s: UnmarshalText = %v, want the record read", name, err)
				continue
			}
			_, err = Replay(rec)
		} else if rec.Seed != 42 || rec.Actions != nil {
			t.Errorf("%s: the record changed on error", name)
		}
		if why := errShape(err, ErrRecord); why != "" {
			t.Errorf("%s: %v: %s", name, err, why)
		}
	}
	var rec Record
	if err := rec.UnmarshalText([]byte(good + itoa(first) + ": draw\n")); err != nil || len(rec.Actions) != 1 {
		t.Errorf("a good record: %v, %d actions", err, len(rec.Actions))
	}
	if !strings.Contains(mustText(t, rec), itoa(first)+": draw") {
		t.Errorf("the text form lacks the draw:\n%s", mustText(t, rec))
	}
}

func mustText(t *testing.T, rec Record) string {
	t.Helper()
	b, err := rec.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Each seat learns what happened since it last looked: every action in
// order, with the cards drawn only in the drawer's own events, whatever
// other States were played from the same one (the history is shared and
// never disturbed), also from several goroutines at once.
func TestHappened(t *testing.T) {
	s := mustNew(t, RulesA(), 11)
	drawer := s.ToAct()
	s1 := scDo(t, s, Draw())
	for seat := range 4 {
		evs := s1.Happened(seat, 0)
		if len(evs) != 1 || evs[0].Seq != 1 || evs[0].Seat != drawer || evs[0].Action != Draw() || evs[0].Draws != 2 {
			t.Fatalf("seat %d: %+v, want one draw of 2 by seat %d", seat, evs, drawer)
		}
		if (seat == drawer) != (len(evs[0].Drawn) == 2) {
			t.Errorf("seat %d sees drawn cards %v (drawer %d)", seat, evs[0].Drawn, drawer)
		}
	}
	drawn := s1.Happened(drawer, 0)[0].Drawn
	want := s.r.cfg.Shoe[s.t.Stock : s.t.Stock+2]
	if drawn[0] != want[0] || drawn[1] != want[1] {
		t.Errorf("drawn %v, want the stock's top %v", drawn, want)
	}

	// Branches: many States played on from s1 at once, in goroutines.
	legal := Legal(s1)
	var wg sync.WaitGroup
	results := make([]State, 64)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 9))
			next, err := Apply(s1, legal[i%len(legal)])
			if err != nil {
				panic(err)
			}
			results[i] = playRandom(next, rng, 40)
		}()
	}
	wg.Wait()
	for i, r := range results {
		evs := r.Happened(0, 0)
		if len(evs) != r.Seq() || evs[0].Action != Draw() || evs[1].Action != legal[i%len(legal)] {
			t.Fatalf("branch %d: history of %d events, seq %d, starts %v %v", i, len(evs), r.Seq(), evs[0].Action, evs[1].Action)
		}
		for j, ev := range evs {
			if ev.Seq != j+1 {
				t.Fatalf("branch %d: event %d has Seq %d", i, j, ev.Seq)
			}
		}
		replayed, err := Replay(r.Record())
		if err != nil || !replayed.Equal(r) {
			t.Fatalf("branch %d does not replay: %v", i, err)
		}
		if since := r.Happened(1, r.Seq()-3); len(since) != 3 || since[0].Seq != r.Seq()-2 {
			t.Fatalf("branch %d: Happened since %d gave %d events", i, r.Seq()-3, len(since))
		}
	}
	if len(s1.Happened(0, 0)) != 1 {
		t.Errorf("playing on from s1 changed its history")
	}
}

// A game dealt from a seed and continued with DealNext replays from its
// record: round 1 shuffled from the seed, round 2 from the order DealNext
// was given. So does a game restored from a Position and continued so.
func TestRecordDealNextAfterSeed(t *testing.T) {
	s, err := New(RulesA(), 3)
	if err != nil {
		t.Fatal(err)
	}
	s = playRound(t, s, 3)
	order := slices.Clone(s.Cards().Cards()) // a full shoe in card order
	next, err := DealNext(s, order)
	if err != nil {
		t.Fatal(err)
	}
	rec := next.Record()
	if len(rec.Shoes) != 2 || rec.Shoes[0] != nil || rec.Shoes[1] == nil {
		t.Fatalf("the record's shoes: %d, round 1's nil %v", len(rec.Shoes), rec.Shoes[0] == nil)
	}
	if back, err := Replay(rec); err != nil || !back.Equal(next) {
		t.Fatalf("Replay of a game begun with New and continued with DealNext: %v", err)
	}
	restored, err := FromPosition(s.Position())
	if err != nil {
		t.Fatal(err)
	}
	if next, err = DealNext(restored, order); err != nil {
		t.Fatal(err)
	}
	if back, err := Replay(next.Record()); err != nil || !back.Equal(next) {
		t.Fatalf("Replay of a game restored and continued with DealNext: %v", err)
	}
	bad := next.Record()
	bad.Shoes = [][]card.Card{order}
	if _, err := Replay(bad); !errors.Is(err, ErrRecord) {
		t.Errorf("a restored game's record with a shoe for its own round: %v", err)
	}
}

// playRound plays s's round to its end with seeded random legal actions.
func playRound(t *testing.T, s State, seed uint64) State {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	for n := 0; s.Phase() != RoundOver && s.Phase() != GameOver; n++ {
		if n > 100000 {
			t.Fatal("the round did not end")
		}
		legal := Legal(s)
		var err error
		if s, err = Apply(s, legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}
