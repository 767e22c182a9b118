package bot

import "github.com/cardrules/cardrules/rummy"

// readable reports whether v has the shape the players read: its seat and
// turn among its players, and a pile to draw from while drawing. A View
// read from JSON has it (its decoding checks much more); a View built by
// hand may not, and the players then choose the first action it lists.
func readable(v *rummy.View) bool {
	players := len(v.Players)
	return v.Seat >= 0 && v.Seat < players && v.Turn >= 0 && v.Turn < players && (v.Phase != rummy.Drawing || len(v.Pile) > 0)
}
