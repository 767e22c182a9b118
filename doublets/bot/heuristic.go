package bot

import "github.com/cardrules/cardrules/doublets"

// Heuristic returns a greedy player, which looks no further than the move
// it makes:
//
//   - It plays a card of the rank the foundation needs whenever one can be
//     played. It plays from a reserve slot (the lowest numbered) rather
//     than from the waste. A play from a slot also pulls the waste's top
//     card into the slot, where it stays playable, so the waste's card is
//     not lost.
//   - Otherwise it turns the stock's top card onto the waste.
//   - Otherwise (the stock used up) it redeals, while a pass is left.
//
// Its choices are fixed by the View: seed is there so that every strength
// is built alike, and changes nothing.
func Heuristic(seed uint64) Player { return heuristic{} }

type heuristic struct{}

// Choose returns the greedy action for v, or the zero Action when v lists
// no legal action (the game is over).
func (heuristic) Choose(v doublets.View) doublets.Action {
	var best doublets.Action
	rank := func(a doublets.Action) int {
		switch {
		case a.Kind() == doublets.KindPlayReserve:
			return 4
		case a.Kind() == doublets.KindPlayWaste:
			return 3
		case a.Kind() == doublets.KindTurn:
			return 2
		case a.Kind() == doublets.KindRedeal:
			return 1
		}
		return 0
	}
	for _, a := range v.Legal {
		if rank(a) > rank(best) {
			best = a
		}
	}
	return best
}
