//go:build unix

package webhook_test

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used so far, in user and system
// mode, on all its threads (garbage collection included). The benchmarks
// compare CPU times rather than wall times: on a shared machine other
// processes delay a review without changing the work it takes.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
