package bot

import "github.com/cardrules/cardrules/canasta"

// readable reports whether v has the shape the players read: its seat and
// turn among its players, its team and each player's among its teams. A
// View read from JSON has it (its decoding checks much more); a View
// built by hand may not, and the players then choose the first action it
// lists.
func readable(v *canasta.View) bool {
	players, teams := len(v.Players), len(v.Teams)
	if v.Seat < 0 || v.Seat >= players || v.Turn < 0 || v.Turn >= players || v.Team < 0 || v.Team >= teams {
		return false
	}
	for _, p := range v.Players {
		if p.Team < 0 || p.Team >= teams {
			return false
		}
	}
	return true
}
