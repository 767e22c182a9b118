//go:build race

package conform

// raceDetector is whether the race detector is on: it slows every call
// many times, so the harness plays less, and shares more of it.
const raceDetector = true
