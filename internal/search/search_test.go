package search

import (
	"testing"

	"github.com/cardrules/cardrules/score"
)

// A play-out scores a side's points less the best other side's.
func TestMargins(t *testing.T) {
	teams := []score.TeamScore{{Team: 0, Points: 300}, {Team: 1, Points: 500}, {Team: 2, Points: -100}}
	if got := TeamMargin(teams, 0); got != -200 {
		t.Errorf("TeamMargin(team 0) = %d, want -200", got)
	}
	if got := TeamMargin(teams, 1); got != 200 {
		t.Errorf("TeamMargin(team 1) = %d, want 200", got)
	}
	players := []score.PlayerScore{{Seat: 0, Points: -15}, {Seat: 1, Points: 40}}
	if got := PlayerMargin(players, 0); got != -55 {
		t.Errorf("PlayerMargin(seat 0) = %d, want -55", got)
	}
	if got := Margin([]int{7, 3, 9}, 2); got != 2 {
		t.Errorf("Margin = %d, want 2", got)
	}
	if got := Margin([]int{7}, 0); got != 7 {
		t.Errorf("Margin alone = %d, want 7", got)
	}
}
