package family

import (
	"encoding/binary"

	"github.com/cardrules/cardrules/card"
)

// Entry is what a game's log keeps of one action, packed into two words
// with no pointer: the action itself, and what the action does not say
// (who played it, the cards it drew, the pile's cards it took, flags).
// A State copies its own last entry with every action, and the chunks
// that hold the others are never scanned by the garbage collector.
//
// The round an entry was played in is not in it: the game finds it from
// the entry's number, as each round knows the number of its first action.
type Entry struct {
	act  uint64 // the action but its twos: kind, rank, target, card, jokers, natural cards by suit
	rest uint64 // seat, flags, stock, took, drawn, red threes, and the action's twos
}

// The flags of an Entry.
const (
	EntryRoundOver uint8 = 1 << iota // the round ended with the action
	EntryGameOver                    // and the game
	EntryFoot                        // Hand and Foot: the player picked up its foot
)

// The fields of rest: each its shift. Every field is wider than any legal
// action of the largest shoe needs (672 cards at most, 8 seats, 24 red
// threes of a colour).
const (
	restSeat  = 0  // 3 bits
	restFlags = 3  // 3 bits
	restStock = 6  // 10 bits: the stock's top before the action
	restTook  = 16 // 10 bits
	restDrawn = 26 // 8 bits
	restReds  = 34 // 2 × 5 bits: red threes laid out, diamonds and hearts
	restTwos  = 44 // 4 × 4 bits: the action's twos by suit
)

// NewEntry returns the entry of action a, played by seat with the stock's
// top at stock before it, which drew drawn cards from the stock, took
// took cards of the pile into the hand, laid out reds red threes, and
// has flags.
func NewEntry(a Action, seat, stock, took, drawn int, flags uint8, reds [2]uint8) Entry {
	return Entry{
		act: uint64(a.Kind&15) | uint64(a.Rank&15)<<4 | uint64(a.Target)<<8 | uint64(a.Card)<<16 |
			uint64(a.Jokers)<<24 | uint64(binary.LittleEndian.Uint32(a.Nat[:]))<<32,
		rest: uint64(seat&7)<<restSeat | uint64(flags&7)<<restFlags | uint64(stock&1023)<<restStock |
			uint64(took&1023)<<restTook | uint64(drawn&255)<<restDrawn |
			uint64(reds[0]&31)<<restReds | uint64(reds[1]&31)<<(restReds+5) |
			nibbles(binary.LittleEndian.Uint32(a.Twos[:]))<<restTwos,
	}
}

// nibbles packs the four bytes of x, each below 16, into four bits each.
func nibbles(x uint32) uint64 {
	x &= 0x0f0f0f0f
	x = (x | x>>4) & 0x00ff00ff
	x = (x | x>>8) & 0x0000ffff
	return uint64(x)
}

// bytesOf spreads the four nibbles of x into the four bytes of a word.
func bytesOf(x uint64) uint32 {
	y := uint32(x & 0xffff)
	y = (y | y<<8) & 0x00ff00ff
	y = (y | y<<4) & 0x0f0f0f0f
	return y
}

// Action returns the entry's action.
func (e Entry) Action() Action {
	var a Action
	a.Kind, a.Rank = Kind(e.act&15), card.Rank(e.act>>4&15)
	a.Target, a.Card, a.Jokers = uint8(e.act>>8), card.Card(uint8(e.act>>16)), uint8(e.act>>24)
	binary.LittleEndian.PutUint32(a.Nat[:], uint32(e.act>>32))
	binary.LittleEndian.PutUint32(a.Twos[:], bytesOf(e.rest>>restTwos))
	return a
}

// Seat returns the seat that played the action.
func (e Entry) Seat() int { return int(e.rest >> restSeat & 7) }

// Stock returns the index of the stock's top in the shoe before the
// action: its drawn cards are the shoe's from there.
func (e Entry) Stock() int { return int(e.rest >> restStock & 1023) }

// Took returns how many cards of the pile joined the hand.
func (e Entry) Took() int { return int(e.rest >> restTook & 1023) }

// Drawn returns how many cards the action drew from the stock.
func (e Entry) Drawn() int { return int(e.rest >> restDrawn & 255) }

// Flags returns the entry's flags.
func (e Entry) Flags() uint8 { return uint8(e.rest >> restFlags & 7) }

// Reds returns the red threes the action laid out: diamonds, hearts.
func (e Entry) Reds() [2]uint8 {
	return [2]uint8{uint8(e.rest >> restReds & 31), uint8(e.rest >> (restReds + 5) & 31)}
}
