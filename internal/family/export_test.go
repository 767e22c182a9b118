package family

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// QuickOut is quickOut on t as CanGoOut sees it: whether the way out found
// without the search answers, and whether it says yes.
func (t *TableOf[H]) QuickOut(c *Config) bool {
	side := c.Side(int(t.Turn))
	return t.Hands[t.Turn].Len() >= 2 && t.quickOut(c, t.Hands[t.Turn], meldView{base: t.Melds, at: -1}, t.Laid, side)
}

// SearchOut is CanGoOut without quickOut: the search alone.
func (t *TableOf[H]) SearchOut(c *Config) bool {
	return t.canGoOutBy(c, t.Hands[t.Turn], meldView{base: t.Melds, at: -1}, t.Laid, nil, false)
}

// OutOfReach is the quick bound CanGoOut asks first, on t as CanGoOut
// sees it.
func (t *TableOf[H]) OutOfReach(c *Config) bool {
	return outOfReach(c, t.Hands[t.Turn], meldView{base: t.Melds, at: -1}, c.Side(int(t.Turn)))
}

// OpeningFloor is openingFloor: points BestOpening reaches at least, and
// the cards of hand laid to reach them.
func OpeningFloor(p meld.RankPolicy, v score.Table, hand card.Multiset, up card.Card) (points, laid int) {
	return openingFloor(&p, &v, &hand, up)
}

// OpeningKeeps is openingKeeps under c.
func OpeningKeeps(c *Config, hand card.Multiset, up card.Card, keep, need int) bool {
	return openingKeeps(c, &hand, up, keep, need)
}
