//go:build !linux

package bot

import "time"

// cpuTime returns the wall-clock time, where a thread's CPU time is not at
// hand: a measure of CPU time only on an idle machine.
func cpuTime() time.Duration { return time.Duration(time.Now().UnixNano()) }
