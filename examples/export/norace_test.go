//go:build !race

package main

// raceDetector is whether the race detector is on: it slows the games
// many times.
const raceDetector = false
