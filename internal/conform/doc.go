// Package conform is the conformance harness every game package's tests
// call: it plays many random games of a game it knows only through the
// library's common game API, which the game's State satisfies
// (cardrules.State, with Equal and Cards: see [State]), and the
// constructors and hooks of a [Game], and checks after every step the
// contract every game of the library promises.
//
// On every step of a game it checks that Legal is non-empty until the game
// is over, in the game's documented order (strictly increasing, so without
// repeats), no longer than the game's documented bound, and that Apply
// accepts every action it lists; that Apply refuses arbitrary actions Legal
// does not list, with an error of the package that wraps one of its
// sentinels, and hands back the state unchanged; that Apply never changes the
// state it is given, nor does later play change an earlier state; that
// Apply and New are deterministic and a replay of the actions reaches the
// same state; that ToAct names a seat until the game is over and is -1
// after, and Seq counts one more after every action (the common API's
// promises); that every card of the shoe is somewhere; that melds, scores
// and the game's own invariants hold (through the game's hooks); that a
// seat's View does not change when what it cannot see is reshuffled; that
// States, Views and Actions round-trip through JSON (and through text, for
// actions that have one), and the JSON of the last State and its Views has
// lowerCamel keys, as the library's JSON convention has it; that the game ends within its documented number of
// actions, and, at the end of each round, exactly when its rules end it
// (Game.GameEnds: a round that should end the game never leaves it
// running, and one that should not never ends it); and, on some steps, that goroutines sharing a State get the same
// answers from it (run the tests with -race to make that check bite). The
// checks that cost the most — JSON, Views, secrecy, sharing, and whether
// Apply changed the State it was given — are made on one step in
// Game.DeepOneIn, drawn at random.
//
// There are two ways in. [Check] is a rapid property: rapid draws the table
// and the seed, and shrinks a failure to a small table. [Campaign] is a
// plain loop over many games for long runs, which reports every failure
// with the rules as JSON, the seed and the action index, and prints counts
// at the end; [Replay] plays one reported game again. A game is a pure
// function of its rules and seed: the harness draws the actions it plays
// from a generator seeded by the game's seed, and its other choices (which
// checks, which arbitrary actions) from another, so a failure replays
// exactly.
//
// The environment sizes and steers campaigns:
//
//	CARDRULES_FULL=1          the tests in full, as CI runs them: every game a Campaign or
//	                          From is asked for, every case Sampled offers, every step
//	                          Check is asked for, the campaigns of random tables, and
//	                          the costly tests of their own (without it, a share: see Full)
//	CARDRULES_GAMES=10000     games a Campaign plays (instead of the count its caller gives)
//	CARDRULES_SEED=7          the campaign's seed (instead of its caller's)
//	CARDRULES_REPLAY=JSON     play only the game of a failure report ({"Seed":...,"Rules":...})
//	CARDRULES_FAILURES=file   append every failure to file, one JSON object a line
//	CARDRULES_DEEP=1          give every step the deep checks (see Game.DeepOneIn)
//	CARDRULES_APPLY=16        try Apply on at most 16 listed actions a step (see Game.ApplyCap)
//	CARDRULES_BUDGET=5000     play at most 5000 actions of a game in a campaign (see Game.Budget)
//	CARDRULES_CHECK=8         give one step in 8 the step checks (see Game.CheckOneIn)
//	CARDRULES_WORKERS=2       play a campaign's games on 2 goroutines (see Game.Workers)
//	CARDRULES_LONG=1          the long mode, for 10^5 games: one goroutine per CPU, the
//	                          step checks on one step in 8, the deep checks on one in
//	                          1000, Apply tried on at most 4 listed actions a step (the
//	                          variables above still override each of these)
//
// The long mode plays exactly the games the full checks play (the actions
// drawn do not depend on which steps are checked). A failure's
// CARDRULES_REPLAY line carries the settings its game was checked with
// (DeepOneIn, CheckOneIn, ApplyCap), so the replay checks the same steps
// with the same draws — the seed a View's Sample got, the actions Apply was
// tried on — and fails the same way, in whatever mode it was found.
package conform
