package score

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Line is one item of a [Breakdown]: what earned or cost points, in a
// player's words, and how many (negative for a cost).
type Line struct {
	Item   string `json:"item"`   // e.g. "2 clean canastas", "cards left in hand"
	Points int    `json:"points"` // signed points the item adds
}

// Breakdown explains a score item by item, in the order the game scored
// them: Hand and Foot rule set A, for one, counts the completed canastas
// first, then adds the cards on the table and takes off the cards still in a
// hand or foot. The score it explains is [Breakdown.Total].
// A nil Breakdown is empty and totals 0.
type Breakdown []Line

// MarshalJSON implements [json.Marshaler]: the lines as an array, [] for
// an empty Breakdown (nil included), as every list of the library's JSON.
func (b Breakdown) MarshalJSON() ([]byte, error) {
	if b == nil {
		return []byte("[]"), nil
	}
	return json.Marshal([]Line(b))
}

// Total returns the sum of the points of every line.
func (b Breakdown) Total() int {
	sum := 0
	for _, l := range b {
		sum += l.Points
	}
	return sum
}

// totalLabel is the item text of the total line String writes.
const totalLabel = "Total"

// maxItemWidth is the widest column of items [Breakdown.String] pads to,
// in runes: wider than any item a game writes.
const maxItemWidth = 64

// String writes the breakdown as a small table: one line per item, in order,
// then a line "Total" with [Breakdown.Total]. Each line is the item, padded
// with spaces to the width of the longest item (or of "Total", if that is
// longer; widths count runes), two spaces, then the points in decimal ("-"
// for a negative number, no sign otherwise) right-aligned to the widest
// number. Lines are separated by "\n", with no newline after the last:
//
//	2 clean canastas    1000
//	cards melded         435
//	cards left in hand   -85
//	Total               1350
//
// An empty breakdown gives "Total  0". The items' column is at most 64
// runes wide: a longer item is written whole, and its points follow it
// unaligned. So the text is at most the items' bytes plus 88 bytes a
// line, and String allocates only the text.
func (b Breakdown) String() string {
	itemWidth := utf8.RuneCountInString(totalLabel)
	var num [24]byte
	total := b.Total()
	pointsWidth := len(strconv.AppendInt(num[:0], int64(total), 10))
	size := 0
	for _, l := range b {
		itemWidth = max(itemWidth, min(utf8.RuneCountInString(l.Item), maxItemWidth))
		pointsWidth = max(pointsWidth, len(strconv.AppendInt(num[:0], int64(l.Points), 10)))
		size += len(l.Item)
	}
	var sb strings.Builder
	sb.Grow(size + len(totalLabel) + (len(b)+1)*(itemWidth+2+pointsWidth+1))
	line := func(item string, points int) {
		digits := strconv.AppendInt(num[:0], int64(points), 10)
		sb.WriteString(item)
		for range max(itemWidth-utf8.RuneCountInString(item), 0) + 2 + pointsWidth - len(digits) {
			sb.WriteByte(' ')
		}
		sb.Write(digits)
	}
	for _, l := range b {
		line(l.Item, l.Points)
		sb.WriteByte('\n')
	}
	line(totalLabel, total)
	return sb.String()
}
