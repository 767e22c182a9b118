package handfoot

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
	"github.com/google/go-cmp/cmp"
)

// cmpOpts lets go-cmp compare Views, Positions and Actions: the value types
// with unexported fields are comparable with ==, and their String methods
// make a readable diff.
var cmpOpts = cmp.Options{
	cmp.Comparer(func(a, b card.Multiset) bool { return a == b }),
	cmp.Comparer(func(a, b meld.RankMeld) bool { return a == b }),
	cmp.Comparer(func(a, b score.Table) bool { return a == b }),
	cmp.Comparer(func(a, b score.Bands) bool { return a == b }),
	cmp.Comparer(func(a, b Action) bool { return a == b }),
	cmp.Comparer(func(a, b deck.RNG) bool { return a == b }),
}
