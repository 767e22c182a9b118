package deck

import "errors"

// Sentinel errors, matched with [errors.Is]. Every error this package
// returns wraps one of them and reads on one line as "deck: rule: detail",
// the detail naming the bad value, so it can be shown as is.
var (
	// ErrShoe is wrapped by the errors of [Shoe] and [Shuffled] for a deck
	// count or joker count outside the supported range.
	ErrShoe = errors.New("invalid shoe")

	// ErrDeal is wrapped by the errors of [Deal] and [DealHands] for a packet
	// count or packet size outside the supported range.
	ErrDeal = errors.New("invalid deal")

	// ErrShort is wrapped by the errors of [Deal] and [DealHands] when the
	// stock holds fewer cards than the deal needs.
	ErrShort = errors.New("stock too short")

	// ErrRNG is wrapped by the errors of [RNG.UnmarshalBinary] and
	// [RNG.UnmarshalText] for a state they cannot read.
	ErrRNG = errors.New("invalid RNG state")
)
