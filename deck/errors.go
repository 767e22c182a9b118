package deck

import "errors"

// Sentinel errors, matched with [errors.Is]. Every error this package
// returns for a bad argument wraps one of them; its message names the bad
// value, so it can be shown as is.
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
)

// argError carries a message written for a person and the sentinel it
// matches. Wrapping with fmt.Errorf("...: %w") would append the sentinel's
// text to every message; this keeps messages short ("deck: 0 decks: need at
// least 1") while errors.Is still sees the sentinel.
type argError struct {
	msg  string
	kind error
}

func (e *argError) Error() string { return e.msg }
func (e *argError) Unwrap() error { return e.kind }
