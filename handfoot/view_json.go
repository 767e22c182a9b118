package handfoot

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/record"
	"github.com/cardrules/cardrules/meld"
)

// MarshalJSON writes the View for a client in any language: an object with
// lowerCamel keys, enums as words, cards in card notation ("7H", "10S",
// "JK"), and actions in their text form. The keys, in order:
//
//	seat, team            numbers
//	rules                 "A" or "B", or an object (see below)
//	round                 from 1
//	phase                 "choosing", "drawing", "opening", "melding",
//	                      "answering", "round over" or "game over"
//	toAct, turn           seats; toAct is -1 once the game is over
//	hand                  the seat's cards, sorted: ["2C", "7H", "7H", "JK"]
//	foot                  cards in the seat's foot while it is face down
//	packets               the seat's two packets while it chooses its hand,
//	                      each an array like hand: [[...], [...]], else [[], []]
//	footSeen              the seat's face-down foot when it has seen it, an
//	                      array like hand ([] when not)
//	players               [{seat, team, name, hand, foot, inFoot}]: counts
//	teams                 [{team, melds, canastas: {clean, dirty}, down,
//	                      minimum, total}]
//	upcard                a card, or "" when the pile shows none
//	pileSize, stockSize   numbers
//	asked                 true once the player whose turn it is has asked
//	answer                the partner's answer: "", "yes" or "no"
//	laidThisTurn,         as the View's fields
//	minimumMet
//	legal                 the seat's legal actions as text: ["draw"]
//	results               [{number, wentOut, teams: [{team, breakdown:
//	                      [{item, points}], points, total}]}]
//
// A meld is an object:
//
//	{"ref": "9#2", "rank": "9", "index": 1, "naturals": 6, "twos": 1,
//	 "jokers": 0, "wilds": 1, "size": 7, "canasta": true, "clean": false,
//	 "cards": ["9C", "9C", "9D", "9H", "9H", "9S", "2D"]}
//
// ref is how actions name the meld ("add 9S to 9#2"): its rank, and "#N"
// for the N-th meld of the rank; index is N-1 ([Ref]). size counts the
// natural and wild cards (wilds: twos and jokers). clean is true for a meld
// without a wild card, so a canasta is clean or dirty by it. Red threes
// laid on a clean canasta (rule set A) are listed last in cards and counted
// in "redThrees", a key present only when there are some.
//
// A hand is an array rather than a map of counts: a client shows the cards
// in the order given (by rank, aces first, then by suit; jokers last), its
// length is the number of cards, and the copies a shoe of several decks
// deals appear as repeated entries. Lists are always arrays, [] when empty.
//
// The rules are named, not repeated, when they are a rule set laid out for
// the table: when [Preset](r.Name) with [Rules.WithLayout](r.Players,
// r.Teams), its Names set to r's, equals r, and r names no seat past
// r.Players. Then "rules" is the name, and the names of the players are the
// "name" of each entry of "players"; reading it back takes Preset(name) laid
// out for as many players and teams as the JSON lists, with those names,
// which are the identical Rules. Otherwise "rules" is an object of every
// field of [Rules] with lowerCamel keys, in which "names" lists the names
// up to the last one set, "meld.ranks" is an array of ranks, "meld.ratio"
// is the ratio's text ("more natural than wild"), "minimums" a list of
// {from, minimum} (from null for the lowest band) and "values.melded" and
// "values.held" objects from card to points.
//
// The zero View, which a State gives a seat outside the table, is null.
// Another View no State gives may have no JSON form: an unnamed phase, an
// empty meld, an invalid card or action is an error wrapping [ErrView].
func (v View) MarshalJSON() ([]byte, error) {
	if reflect.ValueOf(v).IsZero() {
		return []byte("null"), nil
	}
	w, err := v.wire()
	if err != nil {
		return nil, err
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads what [View.MarshalJSON] writes and checks it as a
// View a State could give: the rules (a rule set's name, exactly "A" or
// "B", or an object that [Rules.Validate] accepts), the seats and teams,
// every card, every meld legal under the rules with a ref, counts and
// canastas that match its cards, the phase and the question under the
// rules, the counts in range, each legal action (read by [ParseAction]),
// the round results numbered from 1, and legal actions listed exactly when
// the seat is to act. A key MarshalJSON does not write is an error; a key
// left out reads as zero and is checked as such, except in the rules
// object, where every key is required. The cards of a hand or a meld may
// come in any order.
//
// Every error wraps [ErrView] and says on one line what is wrong (a bad
// card, action or rules value also wraps the error that refused it), and
// on error v is unchanged. null leaves v unchanged. Called through
// json.Unmarshal, text that is not JSON at all is the json package's
// *json.SyntaxError; called directly, that too wraps ErrView.
func (v *View) UnmarshalJSON(data []byte) error {
	if string(bytes.Trim(data, " \t\r\n")) == "null" {
		return nil
	}
	var w viewWire
	if err := decodeStrict(data, &w); err != nil {
		return viewErr("", err)
	}
	next, err := w.view()
	if err != nil {
		return err
	}
	*v = next
	return nil
}

// viewWire is the JSON form of a View.
type viewWire struct {
	Seat       int             `json:"seat"`
	Team       int             `json:"team"`
	Rules      json.RawMessage `json:"rules"`
	Round      int             `json:"round"`
	Phase      string          `json:"phase"`
	ToAct      int             `json:"toAct"`
	Turn       int             `json:"turn"`
	Hand       []string        `json:"hand"`
	Foot       int             `json:"foot"`
	Packets    [2][]string     `json:"packets"`
	FootSeen   []string        `json:"footSeen"`
	Players    []PlayerView    `json:"players"`
	Teams      []teamWire      `json:"teams"`
	Upcard     string          `json:"upcard"`
	PileSize   int             `json:"pileSize"`
	StockSize  int             `json:"stockSize"`
	Asked      bool            `json:"asked"`
	Answer     string          `json:"answer"`
	Laid       int             `json:"laidThisTurn"`
	MinimumMet bool            `json:"minimumMet"`
	Legal      []string        `json:"legal"`
	Results    []RoundResult   `json:"results"`
}

// teamWire is the JSON form of a TeamView.
type teamWire struct {
	Team     int        `json:"team"`
	Melds    []meldWire `json:"melds"`
	Canastas Canastas   `json:"canastas"`
	Down     bool       `json:"down"`
	Minimum  int        `json:"minimum"`
	Total    int        `json:"total"`
}

// meldWire is the JSON form of a meld: what its cards and place say of it,
// then the cards.
type meldWire struct {
	meldFacts
	Cards []string `json:"cards"`
}

// meldFacts is what a meld's cards, its place among the team's melds and
// the meld policy determine.
type meldFacts struct {
	Ref       string `json:"ref"`
	Rank      string `json:"rank"`
	Index     int    `json:"index"`
	Naturals  int    `json:"naturals"`
	Twos      int    `json:"twos"`
	Jokers    int    `json:"jokers"`
	Wilds     int    `json:"wilds"`
	Size      int    `json:"size"`
	Canasta   bool   `json:"canasta"`
	Clean     bool   `json:"clean"`
	RedThrees int    `json:"redThrees,omitzero"`
}

// answerWords are the JSON words of View.Answer: 0 none, 1 yes, -1 no.
var answerWords = map[int]string{0: "", 1: "yes", -1: "no"}

// wire returns v's JSON form.
func (v View) wire() (viewWire, error) {
	w := viewWire{
		Seat: v.Seat, Team: v.Team, Round: v.Round, ToAct: v.ToAct, Turn: v.Turn,
		Hand: cardTexts(v.Hand.Cards()), Foot: v.Foot,
		Packets:  [2][]string{cardTexts(v.Packets[0].Cards()), cardTexts(v.Packets[1].Cards())},
		FootSeen: cardTexts(v.FootSeen.Cards()),
		PileSize: v.PileSize, StockSize: v.StockSize,
		Asked: v.Asked, Laid: v.LaidThisTurn, MinimumMet: v.MinimumMet,
		Players: record.List(v.Players),
		Teams:   make([]teamWire, len(v.Teams)),
		Legal:   make([]string, len(v.Legal)),
		Results: record.List(v.Results),
	}
	if v.Phase < Choosing || v.Phase > GameOver {
		return w, errs.New(pkg, ErrView, "phase "+itoa(int(v.Phase))+" has no name")
	}
	w.Phase = v.Phase.String()
	var err error
	if name := presetName(v.Rules); name != "" {
		w.Rules, err = json.Marshal(name)
	} else {
		w.Rules, err = json.Marshal(rulesFields(&v.Rules))
	}
	if err != nil {
		return w, viewErr("rules", err)
	}
	for i, t := range v.Teams {
		tw := teamWire{Team: t.Team, Melds: make([]meldWire, len(t.Melds)), Canastas: t.Canastas,
			Down: t.Down, Minimum: t.Minimum, Total: t.Total}
		for j, ref := range t.Refs() {
			m := t.Melds[j]
			if !m.IsValid() {
				return w, errs.New(pkg, ErrView, "team "+itoa(i)+" meld "+itoa(j)+" has no natural card")
			}
			tw.Melds[j] = meldWire{factsOf(m, ref, v.Rules.Meld), cardTexts(m.Cards())}
		}
		w.Teams[i] = tw
	}
	up, err := v.Upcard.MarshalText()
	if err != nil {
		return w, viewErr("upcard", err)
	}
	w.Upcard = string(up)
	answer, ok := answerWords[v.Answer]
	if !ok {
		return w, errs.New(pkg, ErrView, "answer "+itoa(v.Answer)+" is none of 0, 1 and -1")
	}
	w.Answer = answer
	for i, a := range v.Legal {
		text, err := a.MarshalText()
		if err != nil {
			return w, viewErr("legal action "+itoa(i), err)
		}
		w.Legal[i] = string(text)
	}
	return w, nil
}

// factsOf returns what the JSON says of meld m, whose ref is ref, under p.
func factsOf(m meld.RankMeld, ref Ref, p meld.RankPolicy) meldFacts {
	return meldFacts{
		Ref: ref.String(), Rank: m.Rank().String(), Index: ref.Index,
		Naturals: m.Naturals(), Twos: m.Twos(), Jokers: m.Jokers(), Wilds: m.Wilds(), Size: m.Len(),
		Canasta: p.IsCanasta(m), Clean: m.IsNatural(), RedThrees: m.RedThrees(),
	}
}

// view returns the View w describes, after checking it.
func (w *viewWire) view() (View, error) {
	bad := func(what string) (View, error) { return View{}, errs.New(pkg, ErrView, what) }
	r, err := w.rules()
	if err != nil {
		return View{}, err
	}
	v := View{
		Seat: w.Seat, Team: w.Team, Rules: r, Round: w.Round, ToAct: w.ToAct, Turn: w.Turn,
		Foot: w.Foot, PileSize: w.PileSize, StockSize: w.StockSize,
		Asked: w.Asked, LaidThisTurn: w.Laid, MinimumMet: w.MinimumMet,
	}
	if err := v.Phase.UnmarshalText([]byte(w.Phase)); err != nil {
		return bad("unknown phase " + errs.Quote(w.Phase))
	}
	var probs []string
	check := func(cond bool, what string) {
		if cond {
			probs = append(probs, what)
		}
	}
	seats := "0 to " + itoa(r.Players-1)
	check(v.Seat < 0 || v.Seat >= r.Players || v.Team != r.teamOf(max(v.Seat, 0)),
		"seat "+itoa(v.Seat)+" of team "+itoa(v.Team)+": the seats are "+seats+", seat s playing for team s % "+itoa(r.Teams))
	check(v.Round < 1 || v.Round > 1000 || (r.Rounds > 0 && v.Round > r.Rounds), "round "+itoa(v.Round)+" is out of range")
	check(v.Phase == Choosing && !r.ChoosePacket, "these rules do not choose packets")
	check(v.Turn < 0 || v.Turn >= r.Players || v.ToAct < -1 || v.ToAct >= r.Players,
		"turn and toAct must be seats "+seats+" (toAct -1 once the game is over)")
	check((v.ToAct == -1) != (v.Phase == GameOver), "toAct is -1 exactly when the game is over")
	check(v.Foot < 0 || v.PileSize < 0 || v.StockSize < 0 || v.LaidThisTurn < 0, "foot, pileSize, stockSize and laidThisTurn cannot be negative")
	check(v.Asked && !r.AskPartner, "these rules do not ask the partner")
	check(w.Answer != "" && !v.Asked, "an answer with no question asked")
	check((len(w.Legal) > 0) != (v.ToAct == v.Seat), "legal actions are listed exactly when the seat is to act")
	finished := v.Round - 1
	if v.Phase == RoundOver || v.Phase == GameOver {
		finished = v.Round
	}
	check(len(w.Results) != finished, itoa(len(w.Results))+" results in round "+itoa(v.Round)+" ("+v.Phase.String()+"): one per finished round")
	if len(probs) > 0 {
		return bad(errs.First(probs))
	}
	if v.Answer, err = answerOf(w.Answer); err != nil {
		return View{}, err
	}
	if v.Hand, err = multisetOf("hand", w.Hand); err != nil {
		return View{}, err
	}
	if err := w.seen(&v); err != nil {
		return View{}, err
	}
	if err := v.Upcard.UnmarshalText([]byte(w.Upcard)); err != nil {
		return View{}, viewErr("upcard", err)
	}
	if v.Players, err = w.players(r, v.Hand.Len(), v.Foot, v.Phase); err != nil {
		return View{}, err
	}
	if v.Teams, err = w.teams(r); err != nil {
		return View{}, err
	}
	for i, text := range w.Legal {
		a, err := ParseAction(text)
		if err != nil {
			return View{}, viewErr("legal action "+itoa(i), err)
		}
		v.Legal = append(v.Legal, a)
	}
	if v.Results, err = w.results(r); err != nil {
		return View{}, err
	}
	return v, nil
}

// seen reads into v the packets and the foot its seat has seen, checking
// them against the rules, the phase and the seat's hand and foot: packets
// only while the seat chooses, of the sizes dealt, with neither hand nor
// foot; a foot seen only under ChoosePacket, of the foot's size.
func (w *viewWire) seen(v *View) error {
	r := v.Rules
	var err error
	for i, texts := range w.Packets {
		if v.Packets[i], err = multisetOf("packet "+itoa(i+1), texts); err != nil {
			return err
		}
	}
	if v.FootSeen, err = multisetOf("footSeen", w.FootSeen); err != nil {
		return err
	}
	choosing := !v.Packets[0].IsEmpty() || !v.Packets[1].IsEmpty()
	switch {
	case choosing && (v.Phase != Choosing || !r.ChoosePacket):
		return errs.New(pkg, ErrView, "packets are shown only while the seat chooses its hand, under rules that choose")
	case choosing && (v.Packets[0].Len() != r.HandSize || v.Packets[1].Len() != r.FootSize || !v.Hand.IsEmpty() || v.Foot != 0 || !v.FootSeen.IsEmpty()):
		return errs.New(pkg, ErrView, "the packets must be of "+itoa(r.HandSize)+" and "+itoa(r.FootSize)+" cards, with no hand, foot or footSeen beside them")
	case !v.FootSeen.IsEmpty() && (!r.ChoosePacket || v.FootSeen.Len() != v.Foot):
		return errs.New(pkg, ErrView, "footSeen is the seat's face-down foot under rules that choose packets: "+itoa(v.FootSeen.Len())+" cards for a foot of "+itoa(v.Foot))
	}
	return nil
}

// rules returns the rules w names or lists, for the players and teams it
// lists.
func (w *viewWire) rules() (Rules, error) {
	var r Rules
	switch {
	case len(w.Rules) > 0 && w.Rules[0] == '"':
		var name string
		if err := json.Unmarshal(w.Rules, &name); err != nil {
			return r, viewErr("rules", err)
		}
		var err error
		if r, err = Preset(name); err != nil || r.Name != name {
			return Rules{}, errs.Wrap(pkg, ErrView, "rules "+errs.Quote(name)+" are no rule set's name (A or B)", err)
		}
		if len(w.Players) > MaxPlayers {
			return Rules{}, errs.New(pkg, ErrView, itoa(len(w.Players))+" players: at most "+itoa(MaxPlayers))
		}
		r = r.WithLayout(len(w.Players), len(w.Teams))
		for i, p := range w.Players {
			r.Names[i] = p.Name
		}
	case len(w.Rules) > 0 && w.Rules[0] == '{':
		if where, err := rulesFields(&r).decode(w.Rules); where != "" {
			return Rules{}, viewErr("rules: "+where, err)
		}
	default:
		return r, errs.New(pkg, ErrView, "rules must be a rule set's name or an object")
	}
	if err := r.Validate(); err != nil {
		return Rules{}, viewErr("rules", err)
	}
	return r, nil
}

// players returns the players w lists, whose seat holds hand cards in hand
// and foot in the foot.
func (w *viewWire) players(r Rules, hand, foot int, phase Phase) ([]PlayerView, error) {
	if len(w.Players) != r.Players {
		return nil, errs.New(pkg, ErrView, itoa(len(w.Players))+" players listed for "+itoa(r.Players))
	}
	out := make([]PlayerView, len(w.Players))
	for i, p := range w.Players {
		switch {
		case p.Seat != i || p.Team != r.teamOf(i):
			return nil, errs.New(pkg, ErrView, "player "+itoa(i)+" is listed as seat "+itoa(p.Seat)+" of team "+itoa(p.Team))
		case p.Name != r.Names[i]:
			return nil, errs.New(pkg, ErrView, "player "+itoa(i)+" is named "+errs.Quote(p.Name)+", the rules "+errs.Quote(r.Names[i]))
		case p.Hand < 0 || p.Foot < 0 || (p.InFoot && p.Foot > 0):
			return nil, errs.New(pkg, ErrView, "player "+itoa(i)+": negative counts, or a foot on the table once picked up")
		case i == w.Seat && (p.Hand != hand || p.Foot != foot) && !(phase == Choosing && hand == 0 && foot == 0):
			// Before choosing, a seat sees neither packet.
			return nil, errs.New(pkg, ErrView, "the seat's own hand and foot are not its counts among the players")
		}
		out[i] = p
	}
	return out, nil
}

// teams returns the teams w lists, checking their melds under r.
func (w *viewWire) teams(r Rules) ([]TeamView, error) {
	if len(w.Teams) != r.Teams {
		return nil, errs.New(pkg, ErrView, itoa(len(w.Teams))+" teams listed for "+itoa(r.Teams))
	}
	out := make([]TeamView, len(w.Teams))
	for i, tw := range w.Teams {
		tv := TeamView{Team: tw.Team, Canastas: tw.Canastas, Down: tw.Down, Minimum: tw.Minimum, Total: tw.Total}
		if tw.Team != i || (tw.Down && tw.Minimum != 0) {
			return nil, errs.New(pkg, ErrView, "team "+itoa(i)+" is listed as team "+itoa(tw.Team)+" with minimum "+itoa(tw.Minimum)+" (0 once down)")
		}
		var have Canastas
		for j, mw := range tw.Melds {
			where := "team " + itoa(i) + " meld " + itoa(j)
			cs, err := cardsOf(where, mw.Cards)
			if err != nil {
				return nil, err
			}
			m, err := meld.Collect(cs)
			if err == nil {
				err = r.Meld.Validate(m)
			}
			if err != nil {
				return nil, viewErr(where, err)
			}
			tv.Melds = append(tv.Melds, m)
			switch r.Meld.Class(m) {
			case meld.Clean:
				have.Clean++
			case meld.Dirty:
				have.Dirty++
			}
		}
		for j, ref := range tv.Refs() {
			if factsOf(tv.Melds[j], ref, r.Meld) != tw.Melds[j].meldFacts {
				return nil, errs.New(pkg, ErrView, "team "+itoa(i)+" meld "+itoa(j)+" ("+ref.String()+"): its ref, rank or counts do not match its cards")
			}
		}
		if have != tv.Canastas {
			return nil, errs.New(pkg, ErrView, "team "+itoa(i)+"'s canastas do not match its melds")
		}
		out[i] = tv
	}
	return out, nil
}

// results returns the round results w lists: round 1 first, each with one
// score per team. (A position may be restored with any scores, so their
// sums are not checked.)
func (w *viewWire) results(r Rules) ([]RoundResult, error) {
	out := make([]RoundResult, 0, len(w.Results)) // as State.Results: empty, not nil
	for i, rw := range w.Results {
		if rw.Number != i+1 || len(rw.Teams) != r.Teams {
			return nil, errs.New(pkg, ErrView, "result "+itoa(i)+" is not round "+itoa(i+1)+" with one score per team")
		}
		for j := range rw.Teams {
			if len(rw.Teams[j].Breakdown) == 0 {
				rw.Teams[j].Breakdown = nil // as the State gives it
			}
		}
		out = append(out, rw)
	}
	return out, nil
}

// answerOf reads View.Answer from its JSON word.
func answerOf(word string) (int, error) {
	for n, w := range answerWords {
		if w == word {
			return n, nil
		}
	}
	return 0, errs.New(pkg, ErrView, "answer "+errs.Quote(word)+` is none of "", "yes" and "no"`)
}

// cardTexts returns the notation of each card.
func cardTexts(cs []card.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// cardsOf reads the cards of a JSON list, where names the list.
func cardsOf(where string, texts []string) ([]card.Card, error) {
	cs := make([]card.Card, len(texts))
	for i, t := range texts {
		c, err := card.Parse(t)
		if err != nil {
			return nil, viewErr(where+" card "+itoa(i), err)
		}
		cs[i] = c
	}
	return cs, nil
}

// multisetOf reads a JSON list of cards as a multiset.
func multisetOf(where string, texts []string) (card.Multiset, error) {
	cs, err := cardsOf(where, texts)
	if err != nil {
		return card.Multiset{}, err
	}
	m, err := card.MultisetOf(cs...)
	if err != nil {
		return card.Multiset{}, viewErr(where, err)
	}
	return m, nil
}

// decodeStrict decodes the one JSON value data holds into v, refusing keys
// v has no field for and anything after the value.
func decodeStrict(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("more after the JSON value")
	}
	return nil
}

// viewErr returns the error of a View whose part where (may be empty) err
// refused, in the package's shape: a JSON type error or unknown key in the
// package's words, any other error as the cause.
func viewErr(where string, err error) error {
	if where != "" {
		where += ": "
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		found, _, _ := strings.Cut(te.Value, " ")
		return errs.New(pkg, ErrView, where+errs.Quote(te.Field)+" holds a JSON "+found+" where "+kindWord(te.Type.Kind())+" belongs")
	}
	if err != nil {
		if key, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			if k, uerr := strconv.Unquote(key); uerr == nil {
				return errs.New(pkg, ErrView, where+"unknown key "+errs.Quote(k))
			}
		}
	}
	return errs.Wrap(pkg, ErrView, strings.TrimSuffix(where, ": "), err)
}

// kindWord names what JSON a Go value of kind k reads.
func kindWord(k reflect.Kind) string {
	switch k {
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "a whole number"
}

// presetName returns the name by which r travels in JSON, or "" when r
// must travel whole: the rule set r names, laid out for r's table, with r's
// Names, is r, and r names no seat past its players.
func presetName(r Rules) string {
	p, err := Preset(r.Name)
	if err != nil || p.Name != r.Name || r.Players < 0 || r.Players > MaxPlayers {
		return ""
	}
	for _, name := range r.Names[r.Players:] {
		if name != "" {
			return ""
		}
	}
	p = p.WithLayout(r.Players, r.Teams)
	p.Names = r.Names
	if p != r {
		return ""
	}
	return r.Name
}

// jsonField is one key of a JSON object and the value it holds: a pointer
// that encoding/json reads and writes, or a jsonObject.
type jsonField struct {
	key string
	val any
}

// jsonObject writes and reads a Go value as a JSON object with the keys of
// its fields, in order: one table serves both directions.
type jsonObject []jsonField

// MarshalJSON writes the fields in order.
func (o jsonObject) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, f := range o {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, f.key)
		b = append(b, ':')
		v, err := json.Marshal(f.val)
		if err != nil {
			return nil, err
		}
		b = append(b, v...)
	}
	return append(b, '}'), nil
}

// decode reads data, which must hold every key of o and no other, into the
// fields. On failure it returns the path of the key at fault, with what is
// wrong with it, and the error that refused its value, if any; on success
// "" and nil.
func (o jsonObject) decode(data []byte) (string, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil || raw == nil {
		return "not an object", err
	}
	for _, f := range o {
		v, ok := raw[f.key]
		if !ok {
			return errs.Quote(f.key) + " is missing", nil
		}
		delete(raw, f.key)
		if sub, ok := f.val.(jsonObject); ok {
			if where, err := sub.decode(v); where != "" {
				return f.key + "." + where, err
			}
		} else if err := decodeStrict(v, f.val); err != nil {
			return errs.Quote(f.key), err
		}
	}
	if len(raw) > 0 {
		keys := make([]string, 0, len(raw))
		for k := range raw {
			keys = append(keys, k)
		}
		return "unknown key " + errs.Quote(slices.Min(keys)), nil
	}
	return "", nil
}

// rulesFields is the JSON object of every field of r, grouped as Rules
// groups them.
func rulesFields(r *Rules) jsonObject {
	return jsonObject{
		{"name", &r.Name}, {"names", (*namesJSON)(&r.Names)},
		{"players", &r.Players}, {"teams", &r.Teams},
		{"decks", &r.Decks}, {"minExtraDecks", &r.MinExtraDecks}, {"jokersPerDeck", &r.JokersPerDeck},
		{"handSize", &r.HandSize}, {"footSize", &r.FootSize}, {"choosePacket", &r.ChoosePacket},
		{"drawCount", &r.DrawCount},
		{"meld", jsonObject{
			{"ranks", &r.Meld.Ranks},
			{"minSize", &r.Meld.MinSize}, {"minNaturals", &r.Meld.MinNaturals}, {"maxWilds", &r.Meld.MaxWilds},
			{"ratio", &r.Meld.Ratio},
			{"canastaSize", &r.Meld.CanastaSize}, {"cleanClosed", &r.Meld.CleanClosed},
			{"redThreeOnClean", &r.Meld.RedThreeOnClean}, {"blackThreesOut", &r.Meld.BlackThreesOut},
		}},
		{"secondMeld", &r.SecondMeld}, {"pileOnMeld", &r.PileOnMeld},
		{"minimums", &r.Minimums}, {"minimumByRound", &r.MinimumByRound},
		{"goOut", &r.GoOut}, {"goOutLarge", &r.GoOutLarge}, {"largeTable", &r.LargeTable},
		{"askPartner", &r.AskPartner}, {"goOutBonus", &r.GoOutBonus},
		{"cleanBonus", &r.CleanBonus}, {"dirtyBonus", &r.DirtyBonus}, {"redThreeBonus", &r.RedThreeBonus},
		{"values", jsonObject{{"melded", &r.Values.Melded}, {"held", &r.Values.Held}}},
		{"rounds", &r.Rounds}, {"target", &r.Target},
	}
}

// namesJSON is Rules.Names in JSON: the names up to the last one set.
type namesJSON [MaxPlayers]string

func (n *namesJSON) MarshalJSON() ([]byte, error) {
	k := len(n)
	for k > 0 && n[k-1] == "" {
		k--
	}
	return json.Marshal(n[:k])
}

func (n *namesJSON) UnmarshalJSON(data []byte) error {
	var names []string
	if err := json.Unmarshal(data, &names); err != nil {
		return err
	}
	if len(names) > MaxPlayers {
		return errors.New(itoa(len(names)) + " names for at most " + itoa(MaxPlayers) + " players")
	}
	*n = namesJSON{}
	copy(n[:], names)
	return nil
}
