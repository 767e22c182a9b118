// Package cardrules is a library of card-game rules for Go programs: game
// servers, bots, simulators and teaching apps import it to play real card
// games by their real rules. It owns the rules and nothing else: no
// networking, no storage, no user interface.
//
// # The packages
//
// The folders are the architecture; imports point one way, from the
// foundation to the games:
//
//	card      Card, Rank, Suit, the joker; notation ("7H", "10S", "JK"); Multiset
//	deck      shoes of n decks with jokers; the seeded, reproducible shuffle; dealing
//	meld      what a legal meld is: melds of one rank with wild cards, the
//	          canasta family's (RankPolicy, RankMeld), and rummy runs and
//	          groups (Combination)
//	score     card point tables, tallies, score breakdowns, meld-minimum bands
//	handfoot  Hand and Foot, rule sets A and B, every house rule as data
//	canasta   Classic Canasta, and its two- and three-player variants
//	rummy     basic Rummy for two to six players: runs, groups, laying off
//	doublets  the Doublets patience, as GNOME Aisleriot plays it
//	examples  runnable programs
//
// A game package never imports another game package, and the shared
// packages know no game: each game's presets (its meld policies, card values
// and meld minimums) live in the game's package. Code two games share and
// that is not public API lives in internal/: the canasta-family engine that
// Hand and Foot and Canasta both call, the one error shape, what every
// game's computer players are built from. The loop that lets computer
// players act is this package's Run and Step, which play every game's
// players.
//
// # The shape of every game package
//
// Every game package has the same surface, so a program that drives one
// game drives them all the same way:
//
//	type Rules struct{ ... }                 // a comparable value with presets, e.g. handfoot.RulesA()
//	func (r Rules) Validate() error
//	func Presets() []Rules                   // the named rule sets, the default first
//	func Preset(name string) (Rules, error)  // one of them by its Name
//	type State struct{ ... }                 // immutable: safe to keep, compare and share across goroutines
//	type Action ...                          // a plain comparable value; text and JSON round-trip
//	func New(r Rules, seed uint64) (State, error)         // deals; the same seed gives the same game, forever
//	func Deal(r Rules, order []card.Card, seed uint64) (State, error) // deals from an explicit shoe order
//	func DealNext(s State, order []card.Card) (State, error) // the next round from an explicit order (not in a patience)
//	func Apply(s State, a Action) (State, error)          // pure: s is never changed
//	func Legal(s State) []Action                          // every legal action of the seat to act
//	func (s State) View(seat int) View                    // what that seat may know, and nothing else
//	func (s State) Score() []score.TeamScore              // each side's, with its breakdown (score.PlayerScore where each plays alone)
//	func (s State) Totals() []int                         // each side's total; Winners() []int once the game is over
//	func (s State) Hand(seat int) card.Multiset           // in the games with hands; View.Hand too
//
// Indices count from 0 in Go and from 1 in text, in every game: the text
// "lay 7C on 1" is rummy.LayOff(7C, 0), "play 1" doublets.PlayReserve(0).
// Where the games' own words differ, each keeps its own (Canasta's natural
// and mixed canastas are Hand and Foot's clean and dirty ones). A test of
// this package fails when a game's exported surface drifts from this
// common shape.
//
// # The common game API
//
// The shape is also Go types in this package, so a program that handles
// several games is written once. Every game's State satisfies the
// constraint [State] (each package asserts it at compile time), and its
// computer players are [Player]s: [Run] and [Step] let players play any
// game, and a search player or a test harness needs nothing else. A
// State tells each seat's [Outcome]: its points, and whether it won. Every
// game's State is also [Recorded]: it lists the events a seat may know
// since a point (Happened) and writes the game record (Record).
//
// For programs that must not know the games at all (a server, a tool),
// each game package registers itself when imported, as image formats do:
// [Games] lists the registered games and [Lookup] tells a game's presets
// and seats. [Open] deals a table of one by name, preset, seats and seed,
// [OpenRules] one of house rules given as JSON, and [Load] reads a saved
// one back. A [Table] is the game with its types erased: actions in as
// text, Views, events and the State out as JSON, and its JSON names its
// game. Each game's bot package registers its computer players too:
// [NewComputer] seats one by game and strength (a [Computer]), and
// [RunTable] lets Computers play a Table.
//
// The common API grows by optional interfaces, never by new methods on
// [State]. A feature only some games might have is an interface a game's
// State or View may implement. The registry checks it once per game, and
// a [Table] offers it where the game has it. Adding one breaks no program
// and no game written against this package.
//
// The encodings of learning programs are such an interface, and every
// game of the library has them. A game's State is [ActionIDs]: it numbers
// the actions the rules allow, 0 to N-1 for a rule set, and masks the
// legal ones. Its *View is an [Encoder]: it also writes what its seat sees
// as a tensor of numbers, never a card the seat may not see. A [Shape]
// gives the sizes, from a game's Rules.Shape or [Game.Shape]. A [Table]
// offers the same to a program that knows no game ([Table.Shape],
// [Table.Encode], [Table.ActionID], [Table.ActionOf]). Each game's package
// documents its ids and the values of its tensor.
//
//	t, err := cardrules.Open("canasta", "classic", 4, 42)
//	for err == nil && !t.Over() {
//		t, err = t.Apply(t.Legal()[0]) // a real client sends its seat's choice
//	}
//
// An illegal action returns an error that names the broken rule in a
// player's words and matches the package's sentinel errors with errors.Is;
// the state passed in is unchanged. Apply never panics, whatever the input.
//
// Every kind of action has a constant and a constructor of one name
// (handfoot.KindDraw and handfoot.Draw); a constructor whose arguments can
// be wrong returns an error, never an invalid action.
//
// # Errors
//
// Every error of the library reads on one line as "pkg: rule: what was
// wrong", with the package prefix once, and wraps an exported sentinel
// (errors.Is); a game's rejection for a broken meld rule also wraps the meld
// package's *meld.Error (errors.As). Errors have no exported fields, so no
// caller can change an error another caller receives, and input echoed in a
// message is quoted and cut to 64 bytes.
//
// The games speak one vocabulary of errors. The rules every game shares
// ([ErrMalformed], [ErrNotNow], [ErrGameOver], [ErrRules], [ErrPreset],
// [ErrDeal], [ErrPosition], [ErrRecord], and [ErrNotHeld] and [ErrMeld] in
// the games with hands and melds) are this package's sentinels, which each
// game exports under the same names as the very same values, so one
// errors.Is serves every game. One name never names two rules: canasta's
// and Hand and Foot's ErrPile is one sentinel, and rummy's empty pile is
// ErrEmptyPile. [Rule] returns the name of the rule an error breaks
// ("ErrNotNow"), for a program that reports rules without parsing
// messages.
//
// # JSON
//
// Every game's State (its Position), View, Rules, Action, Event and Record
// follows one JSON convention, so a client reads every game alike. Keys are
// lowerCamel ("toAct", "stockSize"). Enums are words ("drawing", a rank
// "J", a wild-card ratio "more natural than wild"). Cards are card strings,
// and a list of cards is an array of them (["7H","JK"]), card.Multiset
// included. An empty list is [], not null, in what the library builds (an
// Event leaves out the cards drawn in the events of the seats that did not
// see them). A View's rules are the preset's name ("basic") when they are
// one of the game's Presets, and an object of every field otherwise. An
// Action is its text ("lay 7C on 1"), and a Record its text
// form, as a JSON string. The codecs are struct tags, and the few
// MarshalJSON methods (a View's rules, a Multiset) are small. Reading is
// lenient where it costs nothing: keys match in any case, so JSON written
// before this convention (with "ToAct") still loads, as do a Multiset
// written as one string of cards ("7H JK") and a rank or a ratio written
// as a number.
//
// # Determinism
//
// A game is dealt from a seed with the library's own Fisher-Yates shuffle
// over math/rand/v2's PCG generator and its own reduction to a range (see
// package deck). So the same seed and the same actions reproduce the same
// game byte for byte on every platform and every future version of the
// library. Golden tests pin the first cards of several seeds.
//
// # Views hide what a seat may not see
//
// A View is the part of a state one seat may know: its own cards, the
// number of cards in other hands, the size of the stock, the melds on the
// table, the top of the discard pile. It is a value a server can send to
// that seat's client. Two states that differ only in what a seat cannot
// see give that seat equal Views, and the property tests check it.
//
// # Rulings
//
// The doc comments of the code that applies a rule state it in the
// library's own words and name its rule set ("rule set A"). Where the rule
// sets are silent or vague, the game's package documentation says which
// ruling the library follows, and every variant point is a field of the
// game's Rules value.
package cardrules
