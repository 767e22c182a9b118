package main

// A game is one package's table in BENCHMARKS.md.
type game struct {
	dir   string // the package's directory under the module root
	title string // the table's caption
	rows  []row
}

// A row is one line of a table.
//
// The label may name a metric of the row's first benchmark in braces,
// such as {actions/hand}: the median of that metric, rounded, takes its
// place. Several benchmarks in one row are shown side by side, a / b.
// A row with a rate also gives the rate after the time: the median of
// the first metric whose unit ends in /s, or else one second over the
// time. A row per action shows ns/action and allocs/action instead of
// the figures of one op.
type row struct {
	label     string
	bench     []string
	rate      string
	perAction bool
}

// games are the four tables, in BENCHMARKS.md's order, each row with the
// benchmarks it shows. Every row of the hand-made tables of 2026-11-25
// has its counterpart here; the rows of StateCopy and ApplyStraight are
// new, and so are those of the encodings for learning programs.
var games = []game{
	{
		dir:   "handfoot",
		title: "Hand and Foot (`handfoot`, rule set A, four players)",
		rows: []row{
			{label: "Apply: draw two", bench: []string{"BenchmarkApplyDraw"}},
			{label: "Apply: lay a new meld", bench: []string{"BenchmarkApplyMeld"}},
			{label: "Apply: add to a meld", bench: []string{"BenchmarkApplyAdd"}},
			{label: "Apply: take the pile", bench: []string{"BenchmarkApplyTakePile"}},
			{label: "Apply: discard", bench: []string{"BenchmarkApplyDiscard"}},
			{label: "Legal (every position of a random game, into a reused buffer)", bench: []string{"BenchmarkLegal"}},
			{label: "Legal when the player may ask to go out (rule set B, a player in the foot)", bench: []string{"BenchmarkLegalMayAsk"}},
			{label: "a random round (deal to scoring, {actions/op} actions)", bench: []string{"BenchmarkRandomRound4"}, rate: "rounds a second"},
			{label: "a random game under rule set B (four rounds, {actions/op} actions)", bench: []string{"BenchmarkRandomGameB"}},
			{label: "copying a State, for scale (Apply cannot cost less)", bench: []string{"BenchmarkStateCopy"}},
			{label: "ViewInto: the View of the seat to act, into a reused View (what a search's play-out shows each player)", bench: []string{"BenchmarkViewInto"}},
			{label: "Observe: a View's observation tensor, into a reused buffer", bench: []string{"BenchmarkObserve"}},
			{label: "Mask: a View's legal action ids, into a reused buffer", bench: []string{"BenchmarkMask"}},
		},
	},
	{
		dir:   "canasta",
		title: "Canasta (`canasta`, Classic, four players)",
		rows: []row{
			{label: "Apply: draw", bench: []string{"BenchmarkApply/draw"}},
			{label: "Apply: take the pile", bench: []string{"BenchmarkApply/take"}},
			{label: "Apply: lay a new meld", bench: []string{"BenchmarkApply/meld"}},
			{label: "Apply: add to a meld", bench: []string{"BenchmarkApply/add"}},
			{label: `Apply: ask / answer "May I go out?"`, bench: []string{"BenchmarkApply/ask", "BenchmarkApply/answer"}},
			{label: "Apply: take back", bench: []string{"BenchmarkApply/back"}},
			{label: "Apply: discard", bench: []string{"BenchmarkApply/discard"}},
			{label: "Apply: next (deal the next round)", bench: []string{"BenchmarkApply/next"}},
			{label: "Apply along a random Classic game, each State applied to once, as a game is played", bench: []string{"BenchmarkApplyStraight"}, perAction: true},
			{label: "Legal (positions of random games, into a reused buffer)", bench: []string{"BenchmarkLegal"}},
			{label: "a random Classic hand ({actions/hand} actions)", bench: []string{"BenchmarkRandomHand/classic"}, rate: "hands a second"},
			{label: "a random two-player hand ({actions/hand} actions)", bench: []string{"BenchmarkRandomHand/two"}, rate: "hands a second"},
			{label: "ViewInto: the View of the seat to act, into a reused View (what a search's play-out shows each player)", bench: []string{"BenchmarkViewInto"}},
			{label: "Observe: a View's observation tensor, into a reused buffer", bench: []string{"BenchmarkObserve"}},
			{label: "Mask: a View's legal action ids, into a reused buffer", bench: []string{"BenchmarkMask"}},
		},
	},
	{
		dir:   "rummy",
		title: "Rummy (`rummy`, `Basic()`)",
		rows: []row{
			{label: "Apply: draw from the stock / the pile", bench: []string{"BenchmarkApply/draw_stock", "BenchmarkApply/draw_pile"}},
			{label: "Apply: meld", bench: []string{"BenchmarkApply/meld"}},
			{label: "Apply: lay off", bench: []string{"BenchmarkApply/lay"}},
			{label: "Apply: discard", bench: []string{"BenchmarkApply/discard"}},
			{label: "Apply: next (deal the next hand)", bench: []string{"BenchmarkApply/next"}},
			{label: "Apply along a random two-player game, each State applied to once, as a game is played", bench: []string{"BenchmarkApplyStraight"}, perAction: true},
			{label: "Legal (positions of random four-player games, into a reused buffer)", bench: []string{"BenchmarkLegal"}},
			{label: "a random two-player hand ({actions/hand} actions: the stock is rebuilt as often as it runs out)", bench: []string{"BenchmarkRandomHand/two"}, rate: "hands a second"},
			{label: "a random four-player hand ({actions/hand} actions)", bench: []string{"BenchmarkRandomHand/four"}, rate: "hands a second"},
			{label: "ViewInto: the View of the seat to act, into a reused View (what a search's play-out shows each player)", bench: []string{"BenchmarkViewInto"}},
			{label: "Observe: a View's observation tensor, into a reused buffer", bench: []string{"BenchmarkObserve"}},
			{label: "Mask: a View's legal action ids, into a reused buffer", bench: []string{"BenchmarkMask"}},
		},
	},
	{
		dir:   "doublets",
		title: "Doublets (`doublets`, Aisleriot's rules)",
		rows: []row{
			{label: "Apply: turn a card from the stock", bench: []string{"BenchmarkApply/turn"}},
			{label: "Apply: play the waste's top card / a reserve card", bench: []string{"BenchmarkApply/play-waste", "BenchmarkApply/play-reserve"}},
			{label: "Apply: redeal (turn the waste over)", bench: []string{"BenchmarkApply/redeal"}},
			{label: "Legal (positions of random games, into a reused buffer)", bench: []string{"BenchmarkLegal"}},
			{label: "a random game ({moves/game} moves)", bench: []string{"BenchmarkRandomGame"}, rate: "games a second"},
			{label: "`Solve`, the exact solver, over the deals of seeds 1 to 100 ({positions/deal} positions a deal)", bench: []string{"BenchmarkSolve"}},
			{label: "ViewInto: the View of the seat to act, into a reused View (what a search's play-out shows each player)", bench: []string{"BenchmarkViewInto"}},
			{label: "Observe: a View's observation tensor, into a reused buffer", bench: []string{"BenchmarkObserve"}},
			{label: "Mask: a View's legal action ids, into a reused buffer", bench: []string{"BenchmarkMask"}},
		},
	},
}
