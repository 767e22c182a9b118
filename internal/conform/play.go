package conform

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/card"
	"github.com/google/go-cmp/cmp"
)

// player plays one game with random legal actions and checks every step.
// A failed check records the failure and unwinds the game with a stop
// panic, which play recovers.
type player[R Rules, S State[S, A, V], A cardrules.Action, V any] struct {
	g         *Game[R, S, A, V]
	rules     R
	rulesJSON json.RawMessage
	seed      uint64
	start     *S  // the position the game is played from; nil: New deals it
	path      pcg // chooses the actions played: the game's path depends on its rules and seed alone
	rng       pcg // every other choice: which checks, arbitrary actions, seats, resamples
	shoe      card.Multiset
	step      int // actions played so far
	played    []A
	st        *Stats
	fail      *Failure
}

// stop unwinds a game after a failed check.
type stop struct{}

// mark is a State met during the game and its JSON then, checked again at
// the end: later play must not change it.
type mark[S any] struct {
	s    S
	data []byte
	step int
}

// play plays the game of rules r and seed, from start (nil: from New's
// deal), at most budget actions (0: to its end), adding to st, and returns
// its first failure or nil.
func play[R Rules, S State[S, A, V], A cardrules.Action, V any](g *Game[R, S, A, V], r R, start *S, seed uint64, budget int, st *Stats) (f *Failure) {
	p := &player[R, S, A, V]{g: g, rules: r, start: start, seed: seed, path: newPCG(seed, streamPlay), rng: newPCG(seed, streamCheck), st: st}
	st.Games++
	defer func() {
		if e := recover(); e != nil {
			if _, ok := e.(stop); !ok {
				p.record(KindPanic, panicked(e))
			}
		}
		st.Steps += p.step
		st.MaxSteps = max(st.MaxSteps, p.step)
		if p.fail != nil {
			st.fail(p.fail.Kind)
		}
		f = p.fail
	}()
	p.game(budget)
	return nil
}

// record notes the failure, with what a replay needs.
func (p *player[R, S, A, V]) record(kind Kind, msg string) {
	if p.rulesJSON == nil {
		p.rulesJSON = rulesJSON(p.rules)
	}
	p.fail = &Failure{Kind: kind, Rules: p.rulesJSON, Seed: p.seed, DeepOneIn: p.g.DeepOneIn, CheckOneIn: p.g.CheckOneIn, ApplyCap: p.g.ApplyCap,
		Step: p.step, Last: p.last(), Msg: msg, FromPosition: p.start != nil}
}

// failf records the failure and ends the game.
func (p *player[R, S, A, V]) failf(kind Kind, format string, args ...any) {
	p.record(kind, fmt.Sprintf(format, args...))
	panic(stop{})
}

// rulesJSON returns r as JSON, or its Go syntax as a JSON string when it
// has none.
func rulesJSON[R any](r R) json.RawMessage {
	b, err := json.Marshal(r)
	if err != nil {
		b, _ = json.Marshal(fmt.Sprintf("%#v", r))
	}
	return b
}

// last writes the last actions played, oldest first.
func (p *player[R, S, A, V]) last() string {
	from := max(0, len(p.played)-8)
	parts := make([]string, 0, 8)
	for _, a := range p.played[from:] {
		parts = append(parts, fmt.Sprint(a))
	}
	return strings.Join(parts, "; ")
}

// game deals the game (or takes the position it starts from) and plays
// it, checking every step, to its end or budget actions (0: no budget);
// then it checks that the States kept on the way are as they were, and
// replays the game.
func (p *player[R, S, A, V]) game(budget int) {
	g := p.g
	p.checkRules()
	p.shoe = g.Shoe(p.rules)
	s, err := p.begin()
	if err != nil {
		p.failf(KindNew, "New refuses a table Validate accepts: %v", err)
	}
	if again, err := p.begin(); err != nil || !s.Equal(again) {
		p.failf(KindDeterminism, "New twice with the same table and seed dealt different games (%v)", err)
	}
	maxSteps := p.rules.MaxActions()
	var marks []mark[S]
	for {
		full := p.full()
		if full || s.Over() {
			p.checkState(s)
		}
		if s.Over() {
			data := p.checkJSON(s)
			if k := unCamel(data); k != "" {
				p.failf(KindStateJSON, "the JSON of the State at the end has the key %q: keys are lowerCamel%s", k, g.describe(s))
			}
			p.checkOver(s, data)
			break
		}
		if p.step >= maxSteps {
			p.failf(KindEndless, "the game has not ended after %d actions, the bound the Rules' MaxActions sets%s", maxSteps, g.describe(s))
		}
		if budget > 0 && p.step >= budget {
			p.st.Cut++
			break
		}
		var data []byte
		if full && p.deep() {
			data = p.checkJSON(s)
			if len(marks) == 0 || p.step >= marks[len(marks)-1].step+checkpointEvery {
				marks = appendMark(marks, mark[S]{s, data, p.step})
			}
		}
		if full {
			s = p.turn(s, data)
		} else {
			s = p.lightTurn(s)
		}
	}
	for _, m := range marks {
		p.checkUnchanged(m.s, m.data, fmt.Sprintf("play after the State met after %d actions", m.step))
	}
	p.replay(s)
}

// begin returns the State the game starts from: the position it is played
// from, or New's deal.
func (p *player[R, S, A, V]) begin() (S, error) {
	if p.start != nil {
		return *p.start, nil
	}
	return p.g.New(p.rules, p.seed)
}

// appendMark keeps at most 32 marks, thinning the older ones.
func appendMark[S any](ms []mark[S], m mark[S]) []mark[S] {
	if len(ms) == 32 {
		for i := range 16 {
			ms[i] = ms[2*i]
		}
		ms = ms[:16]
	}
	return append(ms, m)
}

// checkRules checks that the table round-trips through JSON, which a
// replay from a report needs.
func (p *player[R, S, A, V]) checkRules() {
	data, err := json.Marshal(p.rules)
	if err != nil {
		p.failf(KindRulesJSON, "json.Marshal of the table: %v", err)
	}
	p.rulesJSON = data
	var back R
	if err := json.Unmarshal(data, &back); err != nil {
		p.failf(KindRulesJSON, "json.Unmarshal refuses the table's JSON: %v", err)
	}
	if back != p.rules {
		p.failf(KindRulesJSON, "the table read back from its JSON is another table: %s", firstDiff(data, rulesJSON(back)))
	}
}

// full draws whether this step gets the step checks (see Game.CheckOneIn):
// every step of the first fromFull of a game played from a position.
func (p *player[R, S, A, V]) full() bool {
	return p.g.CheckOneIn <= 1 || p.rng.r.IntN(p.g.CheckOneIn) == 0 || (p.start != nil && p.step < fromFull)
}

// lightTurn plays a random legal action on s with only the checks it
// cannot do without: Legal lists something, and Apply accepts it.
func (p *player[R, S, A, V]) lightTurn(s S) S {
	g := p.g
	legal := s.AppendLegal(nil)
	if len(legal) == 0 {
		p.failf(KindStuck, "Legal lists no action, and the game is not over%s", g.describe(s))
	}
	a, next := p.play(s, legal)
	p.played = append(p.played, a)
	p.step++
	return next
}

// play draws the action to play from legal, by the game's path alone, and
// plays it on s; Apply must accept it.
func (p *player[R, S, A, V]) play(s S, legal []A) (A, S) {
	g := p.g
	a := legal[p.path.r.IntN(len(legal))]
	if g.Policy != nil {
		a = g.Policy(p.path, s, legal)
	}
	next, err := s.Apply(a)
	if err != nil {
		p.failf(KindRefused, "Legal lists %v, and Apply refuses it: %v%s", a, err, g.describe(s))
	}
	return a, next
}

// deep draws whether this step gets the deep checks: every step of the
// first fromDeep of a game played from a position.
func (p *player[R, S, A, V]) deep() bool {
	return p.g.DeepOneIn <= 1 || p.rng.r.IntN(p.g.DeepOneIn) == 0 || (p.start != nil && p.step < fromDeep)
}

// turn checks s before its action, plays a random legal action and checks
// the step. Data is s's JSON on a step that gets the deep checks (the
// View, the JSON of what a refusal hands back, goroutines sharing s, and
// whether the step's calls changed s), nil on another.
func (p *player[R, S, A, V]) turn(s S, data []byte) S {
	g := p.g
	bound := g.MaxLegal(s)
	if bound > g.ceiling() {
		p.failf(KindLegalSize, "MaxLegal says Legal may list %d actions here, above the %d the harness calls Legal for%s", bound, g.ceiling(), g.describe(s))
	}
	legal := s.AppendLegal(nil)
	p.checkLegal(s, legal, bound)
	if data != nil {
		p.checkUnchanged(s, data, "Apply of one of Legal's actions")
		p.checkView(s)
	}
	for range arbitraryPerStep {
		p.checkArbitrary(s, legal, data)
	}
	a, next := p.play(s, legal)
	if again, err := s.Apply(a); err != nil || !next.Equal(again) {
		p.failf(KindDeterminism, "Apply(%v) twice on one State gave different States (%v)", a, err)
	}
	if next.Seq() != s.Seq()+1 {
		p.failf(KindStep, "Seq went from %d to %d by %v", s.Seq(), next.Seq(), a)
	}
	if g.CheckStep != nil {
		if err := g.CheckStep(s, a, next); err != nil {
			p.failf(KindStep, "after %v: %v", a, err)
		}
	}
	p.checkText(a)
	if data != nil {
		if p.rng.r.IntN(sharedOneIn) == 0 || raceDetector { // always drawn: the checks replay alike with and without -race
			p.checkShared(s, a, next, legal, data)
		}
		p.checkUnchanged(s, data, fmt.Sprintf("View, an arbitrary action or Apply(%v)", a))
	}
	p.played = append(p.played, a)
	p.step++
	return next
}

// checkUnchanged checks that s still writes data, its JSON at the start
// of the step: calls names what was called on s since.
func (p *player[R, S, A, V]) checkUnchanged(s S, data []byte, calls string) {
	if now := p.marshal(s); !bytes.Equal(now, data) {
		p.failf(KindMutated, "%s changed the State it was given: %s", calls, firstDiff(data, now))
	}
}

// checkOutcome checks the Outcome of every seat of s: a seat wins only
// once the game is over, and a seat outside the table has the zero
// Outcome.
func (p *player[R, S, A, V]) checkOutcome(s S) {
	for seat := range s.Seats() {
		if o := s.Outcome(seat); o.Won && !s.Over() {
			p.failf(KindOutcome, "seat %d has won a game not over: %+v%s", seat, o, p.g.describe(s))
		}
	}
	for _, seat := range []int{-1, s.Seats()} {
		if o := s.Outcome(seat); o != (cardrules.Outcome{}) {
			p.failf(KindOutcome, "seat %d, outside the table of %d seats, has the Outcome %+v", seat, s.Seats(), o)
		}
	}
}

// checkState checks the invariants of one State.
func (p *player[R, S, A, V]) checkState(s S) {
	g := p.g
	seats := s.Seats()
	if seats <= 0 {
		p.failf(KindState, "Seats is %d", seats)
	}
	if to := s.ToAct(); !s.Over() && (to < 0 || to >= seats) {
		p.failf(KindState, "ToAct is %d at a table of %d seats, and the game is not over", to, seats)
	} else if s.Over() && to != -1 {
		p.failf(KindState, "ToAct is %d, and the game is over", to)
	}
	p.checkCards(s, "")
	p.checkOutcome(s)
	if g.GameEnds != nil {
		if scored, ends := g.GameEnds(s); scored && ends != s.Over() {
			if ends {
				p.failf(KindEnd, "the rules end the game here, but it goes on%s", g.describe(s))
			} else {
				p.failf(KindEnd, "the game is over, but the rules do not end it here%s", g.describe(s))
			}
		}
	}
	for _, h := range []struct {
		kind  Kind
		check func(S) error
	}{{KindMelds, g.CheckMelds}, {KindScore, g.CheckScore}, {KindState, g.CheckState}} {
		if h.check != nil {
			if err := h.check(s); err != nil {
				kind := h.kind
				if errors.Is(err, ErrEndless) {
					kind = KindEndless
				}
				p.failf(kind, "%v%s", err, g.describe(s))
			}
		}
	}
}

// checkJSON checks that s round-trips through JSON, and returns its JSON.
func (p *player[R, S, A, V]) checkJSON(s S) []byte {
	g := p.g
	data := p.marshal(s)
	back := new(S)
	if err := json.Unmarshal(data, back); err != nil {
		p.failf(KindStateJSON, "json.Unmarshal refuses the JSON of a State: %v%s", err, g.describe(s))
	}
	if !s.Equal(*back) || !(*back).Equal(s) {
		p.failf(KindStateJSON, "the State read back from its JSON is not Equal to it%s", g.describe(s))
	}
	if again := p.marshal(*back); !bytes.Equal(again, data) {
		p.failf(KindStateJSON, "the State read back from its JSON writes other JSON: %s", firstDiff(data, again))
	}
	return data
}

func (p *player[R, S, A, V]) marshal(s S) []byte {
	data, err := json.Marshal(s)
	if err != nil {
		p.failf(KindStateJSON, "json.Marshal of a State: %v%s", err, p.g.describe(s))
	}
	return data
}

// checkCards checks that s holds the shoe; after names the action that
// led to s, if it is not the game's.
func (p *player[R, S, A, V]) checkCards(s S, after string) {
	if have := s.Cards(); have != p.shoe {
		p.failf(KindCards, "the State%s holds other cards than the shoe: %s%s", after, diffCards(have, p.shoe), p.g.describe(s))
	}
}

// diffCards names the cards have holds beyond want, and those it lacks.
func diffCards(have, want card.Multiset) string {
	var extra, missing []string
	for c := card.Card(1); c <= card.Joker; c++ {
		switch d := have.Count(c) - want.Count(c); {
		case d > 0:
			extra = append(extra, fmt.Sprintf("%dx%v", d, c))
		case d < 0:
			missing = append(missing, fmt.Sprintf("%dx%v", -d, c))
		}
	}
	return fmt.Sprintf("%d cards, want %d; extra [%s], missing [%s]", have.Len(), want.Len(), strings.Join(extra, " "), strings.Join(missing, " "))
}

// checkLegal checks the legal list of s: non-empty, within its bound, in
// order, every action (of a sample, for a long list) accepted and keeping
// the cards, and a few of them round-tripping through JSON and text; bound
// is MaxLegal(s).
func (p *player[R, S, A, V]) checkLegal(s S, legal []A, bound int) {
	g := p.g
	if len(legal) == 0 {
		p.failf(KindStuck, "Legal lists no action, and the game is not over%s", g.describe(s))
	}
	if len(legal) > bound {
		p.failf(KindLegalSize, "Legal lists %d actions, above the %d MaxLegal allows here%s", len(legal), bound, g.describe(s))
	}
	p.st.MaxLegal = max(p.st.MaxLegal, len(legal))
	for i := 1; i < len(legal); i++ {
		if g.Compare(s, legal[i-1], legal[i]) >= 0 {
			p.failf(KindOrder, "Legal lists %v after %v: not strictly increasing in the documented order", legal[i], legal[i-1])
		}
	}
	try := func(a A) {
		next, err := s.Apply(a)
		if err != nil {
			p.failf(KindRefused, "Legal lists %v, and Apply refuses it: %v%s", a, err, g.describe(s))
		}
		p.checkCards(next, fmt.Sprintf(" after the listed %v", a))
	}
	limit := applyCap
	if g.ApplyCap > 0 {
		limit = g.ApplyCap
	}
	if len(legal) <= limit {
		for _, a := range legal {
			try(a)
		}
	} else {
		for _, i := range p.rng.r.Perm(len(legal))[:limit] {
			try(legal[i])
		}
	}
	for range textSample {
		p.checkText(legal[p.rng.r.IntN(len(legal))])
	}
}

// checkText checks that a round-trips through JSON, through its own text
// marshalling if it has one, and through String and UnmarshalText (the
// game's ParseAction, which a Table reads actions with).
func (p *player[R, S, A, V]) checkText(a A) {
	data, err := json.Marshal(a)
	if err != nil {
		p.failf(KindActionText, "json.Marshal(%v): %v", a, err)
	}
	var back A
	if err := json.Unmarshal(data, &back); err != nil || back != a {
		p.failf(KindActionText, "%v: its JSON %s reads back as %v (%v)", a, data, back, err)
	}
	if m, ok := any(a).(encoding.TextMarshaler); ok {
		text, err := m.MarshalText()
		back = *new(A)
		u, ok := any(&back).(encoding.TextUnmarshaler)
		if err != nil || !ok || u.UnmarshalText(text) != nil || back != a {
			p.failf(KindActionText, "%v: its text %q does not read back (%v, %v)", a, text, back, err)
		}
	}
	back = *new(A)
	if u, ok := any(&back).(encoding.TextUnmarshaler); ok {
		if err := u.UnmarshalText([]byte(a.String())); err != nil || back != a {
			p.failf(KindActionText, "%v: UnmarshalText(String) gives %v, %v", a, back, err)
		}
	}
}

// checkArbitrary tries an arbitrary action on s: accepted, Legal must list
// it; refused, the error must be the package's and s handed back as it
// was (Equal, and unless data is nil with the same JSON, data, and deeply
// equal).
func (p *player[R, S, A, V]) checkArbitrary(s S, legal []A, data []byte) {
	g := p.g
	a := g.ArbitraryAction(p.rng, s, legal)
	p.st.Arbitrary++
	next, err := s.Apply(a)
	if err == nil {
		if !slices.ContainsFunc(legal, func(l A) bool { return g.same(l, a) }) {
			p.failf(KindUnlisted, "Apply accepts %v (%#v), which Legal does not list%s", a, a, g.describe(s))
		}
		p.st.ArbitraryOK++
		p.checkCards(next, fmt.Sprintf(" after the arbitrary %v", a))
		p.checkText(a)
		return
	}
	msg := err.Error()
	switch {
	case !strings.HasPrefix(msg, g.Pkg+": "):
		p.failf(KindErrorShape, "Apply(%#v) refuses it with %q, which does not start with %q", a, msg, g.Pkg+": ")
	case strings.ContainsAny(msg, "\r\n"):
		p.failf(KindErrorShape, "Apply(%#v) refuses it with an error on several lines: %q", a, msg)
	case len(g.Sentinels) > 0 && !slices.ContainsFunc(g.Sentinels, func(e error) bool { return errors.Is(err, e) }):
		p.failf(KindErrorShape, "Apply(%#v) refuses it with %q, which matches none of the package's sentinels", a, msg)
	}
	if !next.Equal(s) {
		p.failf(KindUntouched, "Apply(%#v) refuses it (%v) and hands back another State", a, err)
	}
	if data == nil {
		return
	}
	if now := p.marshal(next); !bytes.Equal(now, data) {
		p.failf(KindUntouched, "Apply(%#v) refuses it (%v) and hands back a State with other JSON: %s", a, err, firstDiff(data, now))
	}
	// What neither Equal nor the JSON shows, such as the history or a
	// memo of Legal's, must be the given State's too: a refusal hands
	// back the caller's State, not Apply's changed copy of it.
	if !reflect.DeepEqual(next, s) {
		p.failf(KindUntouched, "Apply(%#v) refuses it (%v) and hands back a State that differs from the one given where Equal and the JSON do not look", a, err)
	}
}

// checkView checks a random seat's View of s: the game's own check, the
// JSON round trip, and that reshuffling what the seat cannot see leaves it
// as it was.
func (p *player[R, S, A, V]) checkView(s S) {
	g := p.g
	seat := p.rng.r.IntN(s.Seats())
	v := s.View(seat)
	if g.CheckView != nil {
		if err := g.CheckView(s, seat, v); err != nil {
			p.failf(KindView, "View(%d): %v%s", seat, err, g.describe(s))
		}
	}
	data, err := json.Marshal(v)
	if err != nil {
		p.failf(KindViewJSON, "json.Marshal of View(%d): %v%s", seat, err, g.describe(s))
	}
	back := new(V)
	if err := json.Unmarshal(data, back); err != nil {
		p.failf(KindViewJSON, "json.Unmarshal refuses the JSON of View(%d): %v%s", seat, err, g.describe(s))
	}
	if again, _ := json.Marshal(*back); !bytes.Equal(again, data) {
		p.failf(KindViewJSON, "View(%d) read back from its JSON writes other JSON: %s", seat, firstDiff(data, again))
	}
	opts := g.viewOptions()
	if !sameView(v, *back, opts) {
		p.failf(KindViewJSON, "View(%d) read back from its JSON is another View (-sent +read):\n%s", seat, cmp.Diff(v, *back, opts))
	}
	if g.Resample != nil {
		other, err := g.Resample(s, seat, p.rng.r.Uint64())
		if err != nil {
			p.st.ResampleRefused++
		} else {
			p.st.Resampled++
			p.checkCards(other, fmt.Sprintf(" Resample made for seat %d", seat))
			if w := other.View(seat); !sameView(v, w, opts) {
				p.failf(KindSecrecy, "seat %d's View changed when what it cannot see was reshuffled (-before +after):\n%s", seat, cmp.Diff(v, w, opts))
			}
		}
	}
	if sampler, ok := any(v).(cardrules.Sampler[S]); ok && (g.Determinizing == nil || g.Determinizing(s)) {
		d, err := sampler.Sample(p.rng.r.Uint64())
		if err != nil {
			p.failf(KindDeterminize, "Sample refuses seat %d's View: %v%s", seat, err, g.describe(s))
		} else {
			p.st.Determinized++
			p.checkCards(d, fmt.Sprintf(" Sample made for seat %d", seat))
			if w := d.View(seat); !sameView(v, w, opts) {
				p.failf(KindDeterminize, "seat %d's View of the State its Sample built is another View (-given +built):\n%s", seat, cmp.Diff(v, w, opts))
			}
		}
	}
}

// sameView reports whether two Views are equal: deeply equal, or else
// equal under opts (go-cmp is slow, and most Views are deeply equal).
func sameView[V any](a, b V, opts cmp.Options) bool {
	return reflect.DeepEqual(a, b) || cmp.Equal(a, b, opts)
}

// checkOver checks a game that has ended: Legal is empty, and Apply
// refuses anything.
func (p *player[R, S, A, V]) checkOver(s S, data []byte) {
	if l := s.AppendLegal(nil); len(l) > 0 {
		p.failf(KindLegalOver, "the game is over, and Legal lists %d actions: %v", len(l), l[:min(len(l), 5)])
	}
	for range arbitraryPerStep {
		p.checkArbitrary(s, nil, data)
	}
	p.checkView(s)
	for seat := range s.Seats() {
		if data, err := json.Marshal(s.View(seat)); err == nil {
			if k := unCamel(data); k != "" {
				p.failf(KindViewJSON, "the JSON of View(%d) at the end has the key %q: keys are lowerCamel%s", seat, k, p.g.describe(s))
			}
		}
	}
}

// checkShared has goroutines call Legal, View, Apply and json.Marshal on
// the one State s at the same time, each in another order, and compares
// their answers with those of this goroutine: next is Apply(s, a), legal
// Legal(s) and data s's JSON. Under -race a write inside a shared State is
// a data race the detector reports. It also writes into a slice Legal
// returned, which must change nothing.
func (p *player[R, S, A, V]) checkShared(s S, a A, next S, legal []A, data []byte) {
	g := p.g
	p.st.ConcurrentChecks++
	seat := p.rng.r.IntN(s.Seats())
	view := s.View(seat)
	type answers struct {
		legal []A
		view  V
		next  S
		err   error
		data  []byte
		panic string
	}
	const workers = 4
	got := make([]answers, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			r := &got[w]
			defer func() {
				if e := recover(); e != nil {
					r.panic = panicked(e)
				}
			}()
			calls := []func(){
				func() { r.legal = s.AppendLegal(nil) },
				func() { r.view = s.View(seat) },
				func() { r.next, r.err = s.Apply(a) },
				func() { r.data, _ = json.Marshal(s) },
			}
			for i := range calls {
				calls[(i+w)%len(calls)]()
			}
		})
	}
	wg.Wait()
	opts := g.viewOptions()
	for w, r := range got {
		switch {
		case r.panic != "":
			p.failf(KindPanic, "goroutine %d sharing the State panicked: %s", w, r.panic)
		case !slices.Equal(r.legal, legal):
			p.failf(KindConcurrent, "goroutine %d sharing the State got another Legal", w)
		case !sameView(r.view, view, opts):
			p.failf(KindConcurrent, "goroutine %d sharing the State got another View(%d):\n%s", w, seat, cmp.Diff(view, r.view, opts))
		case r.err != nil || !r.next.Equal(next):
			p.failf(KindConcurrent, "goroutine %d sharing the State got another Apply(%v) (%v)", w, a, r.err)
		case !bytes.Equal(r.data, data):
			p.failf(KindConcurrent, "goroutine %d sharing the State got other JSON: %s", w, firstDiff(data, r.data))
		}
	}
	if len(legal) > 0 {
		first := legal[0]
		mine := s.AppendLegal(nil)
		mine[0] = *new(A)
		if again := s.AppendLegal(nil); len(again) == 0 || again[0] != first {
			p.failf(KindMutated, "writing into the slice Legal returned changed what Legal returns next")
		}
	}
}

// replay plays the game's actions again from its start and checks that
// they reach final.
func (p *player[R, S, A, V]) replay(final S) {
	s, err := p.begin()
	if err != nil {
		p.failf(KindDeterminism, "New refuses the table on a replay: %v", err)
	}
	for i, a := range p.played {
		if s, err = s.Apply(a); err != nil {
			p.failf(KindDeterminism, "replaying the game from New, Apply refuses action %d, %v, which it accepted the first time: %v", i, a, err)
		}
	}
	if !s.Equal(final) {
		p.failf(KindDeterminism, "replaying the game's %d actions from New reached another State", len(p.played))
	}
}

// firstDiff shows where two JSON texts part.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-40)
	cut := func(x []byte) string { return string(x[from:min(len(x), i+40)]) }
	return fmt.Sprintf("at byte %d, %q against %q", i, cut(a), cut(b))
}
