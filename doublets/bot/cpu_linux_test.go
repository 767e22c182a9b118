package bot

import (
	"runtime"
	"syscall"
	"time"
)

// cpuTime returns the CPU time the calling goroutine's thread has used,
// with the goroutine locked to its thread (for good: a measuring test's
// goroutine ends with the test).
func cpuTime() time.Duration {
	runtime.LockOSThread()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
