//go:build !race

package handfoot

// raceDetector: the tests run under the race detector, whose harness
// plays a quarter of the games and steps (see conform.Full).
const raceDetector = false
