// Package reuse fills slices in the storage of earlier ones, as every
// game's State.ViewInto fills a View in the storage of the View it was
// given: the result is equal (reflect.DeepEqual, nil and empty told apart)
// to what a fresh copy would be, but allocates only where the storage
// given is too small.
//
// Storage is reused down to nested slices: [Len] keeps the elements past
// a slice's length (up to its capacity), so that a caller filling them
// finds the nested slices of an earlier, longer fill and reuses those too.
package reuse

import (
	"slices"

	"github.com/cardrules/cardrules/score"
)

// Len returns a slice of n elements in s's storage, a new one when s has
// room for fewer. The elements are s's (up to its capacity, past its
// length too; the rest zero): the caller overwrites them, reusing what
// they hold. It is never nil, even for n 0.
func Len[T any](s []T, n int) []T {
	if cap(s) < n {
		t := make([]T, n)
		copy(t, s[:cap(s)])
		return t
	}
	if s == nil {
		return []T{} // allocates nothing
	}
	return s[:n]
}

// Room returns s emptied, with room for n elements: s[:0] when it has
// the capacity, a new slice of capacity n otherwise, to append n elements
// to without growing it step by step. It is never nil, even for n 0.
func Room[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, 0, n)
	}
	return Len(s, 0)
}

// Copy returns src's elements in dst's storage, as slices.Clone(src)
// would: nil for a nil src, a non-nil slice for an empty one.
func Copy[T any](dst, src []T) []T {
	if src == nil {
		return nil
	}
	return append(Room(dst, len(src)), src...)
}

// Each returns a slice as long as src in dst's storage (never nil, as
// make), its i-th element filled by fill(&out[i], src[i]): fill copies the
// element, reusing the nested storage *out[i] holds.
func Each[T any](dst, src []T, fill func(out *T, x T)) []T {
	dst = Len(dst, len(src))
	for i, x := range src {
		fill(&dst[i], x)
	}
	return dst
}

// TeamScores returns a copy of ts in dst's storage, breakdowns too, as
// [score.Clone] makes one (never nil; each breakdown as slices.Clone). A
// score dst already holds is not written again: a View filled step after
// step with the same earlier rounds leaves them be, and the garbage
// collector has no pointer writes to watch.
func TeamScores(dst, ts []score.TeamScore) []score.TeamScore {
	return Each(dst, ts, func(out *score.TeamScore, t score.TeamScore) {
		if out.Team == t.Team && out.Points == t.Points && out.Total == t.Total && sameLines(out.Breakdown, t.Breakdown) {
			return
		}
		b := out.Breakdown
		*out = t
		out.Breakdown = Copy(b, t.Breakdown)
	})
}

// PlayerScores is [TeamScores] for players' scores.
func PlayerScores(dst, ps []score.PlayerScore) []score.PlayerScore {
	return Each(dst, ps, func(out *score.PlayerScore, p score.PlayerScore) {
		if out.Seat == p.Seat && out.Points == p.Points && out.Total == p.Total && sameLines(out.Breakdown, p.Breakdown) {
			return
		}
		b := out.Breakdown
		*out = p
		out.Breakdown = Copy(b, p.Breakdown)
	})
}

// sameLines reports whether a holds what a copy of b would: the same
// lines, and nil only when b is.
func sameLines(a, b score.Breakdown) bool {
	return (a == nil) == (b == nil) && slices.Equal(a, b)
}
